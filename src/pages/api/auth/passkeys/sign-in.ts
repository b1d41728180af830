import { callAuth } from "#server/auth-bridge.ts";
import { readJson, route } from "#server/http.ts";
import { passkeyFailure } from "#server/passkeys.ts";
import { PasskeySignInBody } from "#server/schemas/auth.schemas.ts";
import { signedInAnswer } from "#server/signed-in.ts";

/**
 * Signs in with a passkey (issue 20): the browser's answer to POST /api/auth/passkeys/sign-in-options.
 * A passkey is something the person has, unlocked by something they are or know, so it opens the
 * session without a second code. From the admin panel's login only staff may end up signed in.
 */
export const POST = route(async (context) => {
  const { response, panel } = await readJson(context.request, PasskeySignInBody);
  const verified = await callAuth(context, "POST", "/passkey/verify-authentication", { response });
  if (!verified.ok) throw await passkeyFailure(verified);
  return signedInAnswer(context, verified, panel);
});
