import { notAnAdministrator } from "#domain/accounts/accounts.errors.ts";
import { callAuth, cookieHeaderFrom, jsonWithCookies, signOut, userJson } from "#server/auth-bridge.ts";
import { toErrorResponse } from "#server/http-errors.ts";
import { readJson, route } from "#server/http.ts";
import { passkeyFailure } from "#server/passkeys.ts";
import { PasskeySignInBody } from "#server/schemas/auth.schemas.ts";
import { toSessionUser } from "#server/session.ts";
import { recordStaffSignIn } from "#server/staff-sign-in.ts";

/**
 * Signs in with a passkey (issue 20): the browser's answer to POST /api/auth/passkeys/sign-in-options.
 * A passkey is something the person has, unlocked by something they are or know, so it opens the
 * session without a second code. From the admin panel's login only staff may end up signed in.
 */
export const POST = route(async (context) => {
  const { response, panel } = await readJson(context.request, PasskeySignInBody);
  const { app, clientIp } = context.locals;
  const verified = await callAuth(context, "POST", "/passkey/verify-authentication", { response });
  if (!verified.ok) throw await passkeyFailure(verified);
  const data = (await verified.json()) as { user: Parameters<typeof toSessionUser>[0] };
  const setCookies = verified.headers.getSetCookie();
  const user = toSessionUser(data.user);
  if (panel && !user.isAdmin) {
    const cleared = await signOut(context, cookieHeaderFrom(setCookies));
    const refused = toErrorResponse(notAnAdministrator(), app.log);
    return jsonWithCookies(await refused.json(), refused.status, cleared);
  }
  if (panel) await recordStaffSignIn(app, user.email, "signed in", clientIp);
  return jsonWithCookies({ user: userJson(user) }, 200, setCookies);
});
