import { randomBytes } from "node:crypto";
import { INVITATION_LINK_SECONDS, type Invitations } from "#domain/accounts/manage-staff.ts";
import { acceptingInvitation, creatingStaffAccount, type Auth } from "./better-auth.ts";

/**
 * Staff invitations (issues 20 and 32) on better-auth's own records. The link is a better-auth
 * password-reset token with a longer life: its reset-password endpoint, behind our /reset-password
 * page, checks it, consumes it once, and sets the password (for an account made by the
 * invitation, its first). A second record under `staff-invitation:<token>` marks the token as an
 * invitation's, so an ordinary reset link never accepts a role. Both are stored hashed
 * (better-auth's storeIdentifier), so the database holds no usable link.
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
      await context.internalAdapter.createVerificationValue({ value: userId, identifier: `${INVITATION_MARK}${token}`, expiresAt });
      return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}&invitation=1`;
    },
  };
}

const INVITATION_MARK = "staff-invitation:";

/**
 * Sets a password through a reset link (`reset`, better-auth's endpoint) and, when the link is an
 * invitation's, answers the invited account's id (`invited`) for the caller to give the role:
 * the address is verified (the link reached it), no "your password was changed" email follows
 * an account's first password, and every other pending link of the account stops working (an
 * invitation's was valid for days, not the hour a reset link has). better-auth ends every
 * session of the account when a password is set this way (revokeSessionsOnPasswordReset).
 */
export async function resetOrAcceptInvitation(
  auth: Auth,
  token: string,
  reset: () => Promise<Response>,
): Promise<{ response: Response; invited: string | null }> {
  const context = await auth.$context;
  const mark = await context.internalAdapter.findVerificationValue(`${INVITATION_MARK}${token}`);
  const verification = mark ? await context.internalAdapter.findVerificationValue(`reset-password:${token}`) : null;
  const invitedUserId = mark && verification && verification.value === mark.value ? mark.value : null;
  if (!invitedUserId) return { response: await reset(), invited: null };
  const firstPassword = (await context.internalAdapter.findAccounts(invitedUserId)).every((a) => a.providerId !== "credential");
  const response = firstPassword ? await acceptingInvitation(reset) : await reset();
  if (!response.ok) return { response, invited: null };
  await context.internalAdapter.updateUser(invitedUserId, { emailVerified: true });
  // Identifiers are hashed: the account's links are found by the account id they hold.
  await context.adapter.deleteMany({ model: "verification", where: [{ field: "value", value: invitedUserId }] });
  return { response, invited: invitedUserId };
}
