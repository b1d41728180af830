import { notAnAdministrator, wrongTwoFactorCode } from "#domain/accounts/accounts.errors.ts";
import { toSessionUser } from "#server/session.ts";
import { authFailure, callAuth, cookieHeaderFrom, jsonWithCookies, signOut, userJson } from "#server/auth-bridge.ts";
import { toErrorResponse } from "#server/http-errors.ts";
import { readJson, route } from "#server/http.ts";
import { TwoFactorVerifyBody } from "#server/schemas/auth.schemas.ts";
import { recordStaffSignIn } from "#server/staff-sign-in.ts";

/**
 * The second step of a password sign-in with two-factor on (issue 20): a code from the
 * authenticator app, or one of the backup codes (each works once). Needs the short-lived cookie the
 * first step set; answers the user and the session cookies, like the login it completes.
 * better-auth limits guesses (3 per 10 s per address, and locks the account's codes after repeated
 * failures).
 */
export const POST = route(async (context) => {
  const { code, method, trustDevice, panel } = await readJson(context.request, TwoFactorVerifyBody);
  const { app, clientIp } = context.locals;
  const path = method === "backup" ? "/two-factor/verify-backup-code" : "/two-factor/verify-totp";
  const response = await callAuth(context, "POST", path, { code, trustDevice });
  if (!response.ok) {
    const failure = await authFailure(response);
    throw failure.kind === "rate_limited" ? failure : wrongTwoFactorCode();
  }
  const data = (await response.json()) as { user: Parameters<typeof toSessionUser>[0] };
  const user = toSessionUser(data.user);
  const setCookies = response.headers.getSetCookie();
  if (panel && !user.isAdmin) {
    const cleared = await signOut(context, cookieHeaderFrom(setCookies));
    const refused = toErrorResponse(notAnAdministrator(), app.log);
    return jsonWithCookies(await refused.json(), refused.status, cleared);
  }
  // A shopper's guest data moved to the account when the session was created (app.ts, mergeGuestOf).
  if (panel) await recordStaffSignIn(app, user.email, "signed in", clientIp);
  return jsonWithCookies({ user: userJson(user) }, 200, setCookies);
});
