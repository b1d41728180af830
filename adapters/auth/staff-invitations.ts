import { randomBytes } from "node:crypto";
import { INVITATION_LINK_SECONDS, type Invitations } from "#domain/accounts/manage-staff.ts";
import { acceptingInvitation, creatingStaffAccount, type Auth } from "./better-auth.ts";

/**
 * Staff invitations (issue 20) on better-auth's own records. The account is a user with no
 * sign-in method (no `account` row); the link is a better-auth password-reset token with a longer
 * life: its reset-password endpoint, behind our /reset-password page, checks it, consumes it once,
 * and, finding no password, creates the credential account. No second token scheme to secure.
 */
export function createStaffInvitations(auth: Auth, publicUrl: string): Invitations {
  return {
    async createAccount(email) {
      const context = await auth.$context;
      // Staff, not a shopper who registered: no UserRegistered for analytics, no verification email.
      const user = await creatingStaffAccount(() =>
        context.internalAdapter.createUser({ email, name: email.split("@")[0] ?? email, emailVerified: false }, { method: "admin" }),
      );
      return user.id;
    },
    async passwordLink(userId) {
      const context = await auth.$context;
      const token = randomBytes(18).toString("base64url");
      // The identifier better-auth's /reset-password looks the token up by (api/routes/password); it
      // compares the expiry with the system clock, not the app's Clock port, so that is the one used.
      const expiresAt = new Date(new Date().getTime() + INVITATION_LINK_SECONDS * 1000);
      await context.internalAdapter.createVerificationValue({ value: userId, identifier: `reset-password:${token}`, expiresAt });
      return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}&invitation=1`;
    },
  };
}

/**
 * Sets a password through a reset link (`reset`, better-auth's endpoint) and, when the link is an
 * invitation's (its account has no sign-in method yet), completes the invitation: the address is
 * verified (the link reached it), no "your password was changed" email follows the first password,
 * and the other links of earlier invitations stop working (they were valid for days, not the hour
 * a reset link has).
 */
export async function resetOrAcceptInvitation(auth: Auth, token: string, reset: () => Promise<Response>): Promise<Response> {
  const context = await auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  const invitedUserId = verification && (await context.internalAdapter.findAccounts(verification.value)).length === 0 ? verification.value : null;
  if (!invitedUserId) return reset();
  const response = await acceptingInvitation(reset);
  if (response.ok) {
    await context.internalAdapter.updateUser(invitedUserId, { emailVerified: true });
    await context.adapter.deleteMany({
      model: "verification",
      where: [
        { field: "value", value: invitedUserId },
        { field: "identifier", operator: "starts_with", value: "reset-password:" },
      ],
    });
  }
  return response;
}
