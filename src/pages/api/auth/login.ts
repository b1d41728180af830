import { notAnAdministrator } from "#domain/accounts/accounts.errors.ts";
import { cookieHeaderFrom, jsonWithCookies, secondFactorAnswer, signIn, signOut, userJson } from "#server/auth-bridge.ts";
import { toErrorResponse } from "#server/http-errors.ts";
import { readJson, route } from "#server/http.ts";
import { Credentials } from "#server/schemas/auth.schemas.ts";
import { recordStaffSignIn } from "#server/staff-sign-in.ts";

// The admin panel's login: only administrators get (and keep) a session. A shopper with the right
// password is signed straight out again and refused, so no session is left behind. An account with
// two-factor sign-in on gets no session until POST /api/auth/two-factor/verify. Every attempt on a
// staff account is in the audit trail (issue 20).
export const POST = route(async (context) => {
  const { email, password } = await readJson(context.request, Credentials);
  const { app, clientIp } = context.locals;
  const result = await signIn(context, email, password).catch(async (error: unknown) => {
    await recordStaffSignIn(app, email, "wrong password", clientIp);
    throw error;
  });
  if (result.kind === "second-factor") {
    await recordStaffSignIn(app, email, "second factor asked", clientIp);
    return secondFactorAnswer(result);
  }
  if (result.user.isAdmin) {
    await recordStaffSignIn(app, email, "signed in", clientIp);
    return jsonWithCookies({ user: userJson(result.user) }, 200, result.setCookies);
  }
  const cleared = await signOut(context, cookieHeaderFrom(result.setCookies));
  const refused = toErrorResponse(notAnAdministrator(), app.log);
  return jsonWithCookies(await refused.json(), refused.status, cleared);
});
