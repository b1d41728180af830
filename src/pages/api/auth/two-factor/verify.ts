import { wrongTwoFactorCode } from "#domain/accounts/accounts.errors.ts";
import { authFailure, callAuth } from "#server/auth-bridge.ts";
import { readJson, route } from "#server/http.ts";
import { TwoFactorVerifyBody } from "#server/schemas/auth.schemas.ts";
import { signedInAnswer } from "#server/signed-in.ts";

/**
 * The second step of a password sign-in with two-factor on (issue 20): a code from the
 * authenticator app, or one of the backup codes (each works once). Needs the short-lived cookie the
 * first step set; answers the user and the session cookies, like the login it completes.
 * better-auth limits guesses (3 per 10 s per address, and locks the account's codes after repeated
 * failures).
 */
export const POST = route(async (context) => {
  const { code, method, trustDevice, panel } = await readJson(context.request, TwoFactorVerifyBody);
  const path = method === "backup" ? "/two-factor/verify-backup-code" : "/two-factor/verify-totp";
  const response = await callAuth(context, "POST", path, { code, trustDevice });
  if (!response.ok) {
    const failure = await authFailure(response);
    throw failure.kind === "rate_limited" ? failure : wrongTwoFactorCode();
  }
  return signedInAnswer(context, response, panel);
});
