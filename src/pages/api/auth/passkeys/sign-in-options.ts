import { callAuth, jsonWithCookies } from "#server/auth-bridge.ts";
import { route } from "#server/http.ts";
import { passkeyFailure } from "#server/passkeys.ts";

/**
 * The first step of a passkey sign-in (issue 20): WebAuthn request options with no account named
 * (the passkey says whose it is), the challenge in a short-lived cookie.
 */
export const POST = route(async (context) => {
  const response = await callAuth(context, "GET", "/passkey/generate-authenticate-options");
  if (!response.ok) throw await passkeyFailure(response);
  return jsonWithCookies(await response.json(), 200, response.headers.getSetCookie());
});
