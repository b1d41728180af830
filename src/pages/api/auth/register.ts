import { emailTaken } from "../../../../domain/accounts/accounts.errors.ts";
import { isEmailRegistered } from "../../../../read-models/accounts/email-registered.ts";
import { authFailure, callAuth, userJson } from "../../../server/auth-bridge.ts";
import { json, readJson, route } from "../../../server/http.ts";
import { Registration } from "../../../server/schemas/auth.schemas.ts";
import { toSessionUser } from "../../../server/session.ts";
import { recordReferralFromCookie } from "../../../server/rewards.ts";

// Creates the account without signing in: the login page then switches to "log in" (storefront.md).
// better-auth answers a duplicate sign-up with a decoy success (against account enumeration) when
// it does not sign in; the spec's shoppers need to be told, so the email is checked first.
export const POST = route(async (context) => {
  const { email, password, firstName } = await readJson(context.request, Registration);
  if (await isEmailRegistered(context.locals.app.db, email)) throw emailTaken();
  const response = await callAuth(context, "POST", "/sign-up/email", {
    email,
    password,
    name: firstName || email.split("@")[0],
    ...(firstName ? { firstName } : {}),
  });
  if (!response.ok) throw await authFailure(response);
  const data = (await response.json()) as { user: Parameters<typeof toSessionUser>[0] };
  // Came through a referral link (?ref=CODE, remembered in a cookie): record who referred them.
  const forgetReferral = await recordReferralFromCookie(context, data.user.id);
  return json({ user: userJson(toSessionUser(data.user)) }, 201, forgetReferral ? { "set-cookie": forgetReferral } : {});
});
