import { notAnAdministrator } from "#domain/accounts/accounts.errors.ts";
import { cookieHeaderFrom, jsonWithCookies, signOut, userJson } from "./auth-bridge.ts";
import { toErrorResponse } from "./http-errors.ts";
import type { RouteContext } from "./http.ts";
import { toSessionUser } from "./session.ts";
import { recordStaffSignIn } from "./staff-sign-in.ts";

/**
 * The answer to a sign-in that better-auth completed (a second factor, a passkey): the user and
 * the session cookies. From the admin panel's login (`panel`) only staff may end up signed in: a
 * shopper's new session is ended at once and the answer is the panel's refusal; a staff sign-in
 * is recorded in the audit trail. A shopper's guest data moved when the session was created
 * (app.ts, mergeGuestOf).
 */
export async function signedInAnswer(context: RouteContext, response: Response, panel: boolean): Promise<Response> {
  const { app, clientIp } = context.locals;
  const data = (await response.json()) as { user: Parameters<typeof toSessionUser>[0] };
  const user = toSessionUser(data.user);
  const setCookies = response.headers.getSetCookie();
  if (panel && !user.isAdmin) {
    const cleared = await signOut(context, cookieHeaderFrom(setCookies));
    const refused = toErrorResponse(notAnAdministrator(), app.log);
    return jsonWithCookies(await refused.json(), refused.status, cleared);
  }
  if (panel) await recordStaffSignIn(app, user.email, "signed in", clientIp);
  return jsonWithCookies({ user: userJson(user) }, 200, setCookies);
}
