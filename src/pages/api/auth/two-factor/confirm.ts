import { wrongTwoFactorCode } from "#domain/accounts/accounts.errors.ts";
import { authFailure, callAuth, jsonWithCookies } from "#server/auth-bridge.ts";
import { requireUser } from "#server/guards.ts";
import { readJson, route } from "#server/http.ts";
import { TwoFactorConfirmBody } from "#server/schemas/auth.schemas.ts";

/** Finishes setting up two-factor sign-in: the first code from the app proves it was set up right. */
export const POST = route(async (context) => {
  await requireUser(context);
  const { code } = await readJson(context.request, TwoFactorConfirmBody);
  const response = await callAuth(context, "POST", "/two-factor/verify-totp", { code });
  if (!response.ok) {
    const failure = await authFailure(response);
    throw failure.kind === "rate_limited" ? failure : wrongTwoFactorCode();
  }
  // better-auth renews the session when the second factor is turned on: the browser gets the new cookie.
  return jsonWithCookies({ twoFactorEnabled: true }, 200, response.headers.getSetCookie());
});
