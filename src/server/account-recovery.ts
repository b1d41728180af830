import { resetOrAcceptInvitation } from "#adapters/auth/staff-invitations.ts";
import { emailRequestChecks, tooManyEmailRequests } from "#domain/accounts/attempt-limits.ts";
import { assertAcceptablePassword } from "#domain/accounts/password-policy.ts";
import type { SessionUser } from "#domain/accounts/user.ts";
import { greetingName } from "#domain/mail/mail.ts";
import { DomainError } from "#domain/shared/domain-error.ts";
import { enforceLimits } from "#domain/shared/rate-limit.ts";
import { authFailure, callAuth } from "./auth-bridge.ts";
import type { RouteContext } from "./http.ts";
import { ErrorCode } from "#domain/shared/error-codes.ts";

// Verification, password reset and password change (issue 19), all through better-auth's own flows
// (its tokens, expiry, session revocation), reached through its HTTP handler like sign-in is.

const linkExpired = () => new DomainError("invalid", ErrorCode.linkExpired, "This link has expired or was already used. Please ask for a new one.");

/**
 * Asks for a reset link. The answer is the same whether or not an account uses the address (no
 * account enumeration), after the same rate limits: per client address and per recipient.
 */
export async function requestPasswordReset(context: RouteContext, email: string): Promise<void> {
  const { app } = context.locals;
  await enforceLimits(
    app.rateLimiter,
    emailRequestChecks("password-reset", { email, clientIp: context.locals.clientIp }, app.config.authRateLimits.signUpPerMinute),
    tooManyEmailRequests,
  );
  const response = await callAuth(context, "POST", "/request-password-reset", { email, redirectTo: "/reset-password" });
  if (response.status === 429) throw await authFailure(response);
  if (!response.ok) app.log.warn({ status: response.status }, "password reset request was not accepted by better-auth");
}

/**
 * Sets a new password with a reset link's token; every session of the account is ended. A staff
 * invitation's link (issues 20, 32) is such a token too: it sets the invited account's password,
 * and only then does the role offered to that address take effect.
 */
export async function resetPassword(context: RouteContext, token: string, newPassword: string): Promise<void> {
  const { app } = context.locals;
  assertAcceptablePassword(newPassword, app.isCommonPassword, "newPassword");
  const { response, invited } = await resetOrAcceptInvitation(app.auth, token, () => callAuth(context, "POST", "/reset-password", { token, newPassword }));
  // The role offered to that mailbox takes effect now, and every earlier session ends (issue 32).
  if (invited) await app.staff.acceptInvitation(invited);
  if (response.ok) return;
  const failure = await authFailure(response.clone());
  const code = ((await response.json().catch(() => ({}))) as { code?: string }).code ?? "";
  if (code === "INVALID_TOKEN" || code === "TOKEN_EXPIRED") throw linkExpired();
  throw failure;
}

/** Marks the address of a verification link's token as verified. */
export async function verifyEmail(context: Pick<RouteContext, "locals" | "request">, token: string): Promise<void> {
  const response = await callAuth(context as RouteContext, "GET", `/verify-email?token=${encodeURIComponent(token)}`);
  if (response.ok) return;
  if (response.status === 429) throw await authFailure(response);
  throw linkExpired();
}

/** Sends the signed-in shopper a new verification link; an address verified already gets none. */
export async function resendVerification(context: RouteContext, user: SessionUser): Promise<"sent" | "already_verified"> {
  const { app } = context.locals;
  if (user.emailVerified) return "already_verified";
  await enforceLimits(
    app.rateLimiter,
    emailRequestChecks("verify-email", { email: user.email, clientIp: context.locals.clientIp }, app.config.authRateLimits.signUpPerMinute),
    tooManyEmailRequests,
  );
  const response = await callAuth(context, "POST", "/send-verification-email", { email: user.email });
  if (!response.ok) throw await authFailure(response);
  return "sent";
}

/**
 * Changes the signed-in shopper's password (the current one required); every other session is
 * ended and the shopper is told by email. Answers the new session's Set-Cookie headers.
 */
export async function changePassword(context: RouteContext, user: SessionUser, currentPassword: string, newPassword: string): Promise<string[]> {
  const { app } = context.locals;
  assertAcceptablePassword(newPassword, app.isCommonPassword, "newPassword");
  const response = await callAuth(context, "POST", "/change-password", { currentPassword, newPassword, revokeOtherSessions: true });
  if (!response.ok) {
    const code =
      (
        (await response
          .clone()
          .json()
          .catch(() => ({}))) as { code?: string }
      ).code ?? "";
    if (code === "INVALID_PASSWORD") {
      const message = "Your current password is not right.";
      throw new DomainError("invalid", ErrorCode.wrongCurrentPassword, message, { fields: { currentPassword: message } });
    }
    throw await authFailure(response);
  }
  await app.db
    .transaction()
    .execute((trx) =>
      app.mail.outbox(trx).add({ template: "password_changed", to: user.email, data: { name: greetingName(user.firstName, user.email) } }, user.id),
    );
  return response.headers.getSetCookie();
}

/** Sets the signed-in shopper's first name (empty: none; the greeting then uses the address). */
export async function updateFirstName(context: RouteContext, user: SessionUser, firstName: string): Promise<SessionUser> {
  const name = firstName || user.email.split("@")[0] || user.email;
  const response = await callAuth(context, "POST", "/update-user", { firstName: firstName || null, name });
  if (!response.ok) throw await authFailure(response);
  return { ...user, firstName: firstName || null };
}

/** Signs out every session of the signed-in shopper but this one. */
export async function signOutOtherSessions(context: RouteContext): Promise<void> {
  const response = await callAuth(context, "POST", "/revoke-other-sessions", {});
  if (!response.ok) throw await authFailure(response);
}

/**
 * Asks to change the signed-in shopper's address. Nothing changes until a link is opened: a verified
 * address is asked first (the link goes to the current address), an unverified one gets the link
 * at the new address. An address taken by another account gets the same answer and no email.
 */
export async function requestEmailChange(context: RouteContext, user: SessionUser, newEmail: string): Promise<string> {
  const { app } = context.locals;
  if (newEmail === user.email) throw new DomainError("invalid", ErrorCode.sameEmail, "This is already your email address.");
  await enforceLimits(
    app.rateLimiter,
    emailRequestChecks("change-email", { email: user.email, clientIp: context.locals.clientIp }, app.config.authRateLimits.signUpPerMinute),
    tooManyEmailRequests,
  );
  const response = await callAuth(context, "POST", "/change-email", { newEmail });
  if (!response.ok) throw await authFailure(response);
  return user.emailVerified
    ? `We have sent a link to ${user.email} to confirm the change; then one to ${newEmail}. Your address changes when you open that last link.`
    : `We have sent a link to ${newEmail}. Your address changes when you open it.`;
}
