import { callAuth, jsonWithCookies } from "#server/auth-bridge.ts";
import { requireUser } from "#server/guards.ts";
import { route } from "#server/http.ts";
import { passkeyFailure } from "#server/passkeys.ts";

/**
 * The first step of adding a passkey (issue 20): WebAuthn creation options for this account, with
 * the challenge kept in a short-lived cookie better-auth sets. POST, so no other site can start it.
 */
export const POST = route(async (context) => {
  await requireUser(context);
  const response = await callAuth(context, "GET", "/passkey/generate-register-options");
  if (!response.ok) throw await passkeyFailure(response);
  return jsonWithCookies(await response.json(), 200, response.headers.getSetCookie());
});
