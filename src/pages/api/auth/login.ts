import { notAnAdministrator } from "../../../../domain/accounts/accounts.errors.ts";
import { cookieHeaderFrom, jsonWithCookies, signIn, signOut, userJson } from "../../../server/auth-bridge.ts";
import { toErrorResponse } from "../../../server/http-errors.ts";
import { readJson, route } from "../../../server/http.ts";
import { Credentials } from "../../../server/schemas/auth.schemas.ts";

// The admin panel's login: only administrators get (and keep) a session. A shopper with the right
// password is signed straight out again and refused, so no session is left behind.
export const POST = route(async (context) => {
  const { email, password } = await readJson(context.request, Credentials);
  const { user, setCookies } = await signIn(context, email, password);
  if (user.isAdmin) return jsonWithCookies({ user: userJson(user) }, 200, setCookies);
  const cleared = await signOut(context, cookieHeaderFrom(setCookies));
  const refused = toErrorResponse(notAnAdministrator(), context.locals.app.log);
  return jsonWithCookies(await refused.json(), refused.status, cleared);
});
