import { acceptableBirthDate } from "#domain/accounts/age.ts";
import { emailRequestChecks, signUpChecks, tooManySignUps } from "#domain/accounts/attempt-limits.ts";
import { assertTermsAccepted } from "#domain/accounts/consent.ts";
import { assertAcceptablePassword } from "#domain/accounts/password-policy.ts";
import { enforceLimits } from "#domain/shared/rate-limit.ts";
import { isEmailRegistered } from "#read-models/accounts/email-registered.ts";
import { authFailure, callAuth, userJson } from "#server/auth-bridge.ts";
import { json, readJson, route, type RouteContext } from "#server/http.ts";
import { Registration } from "#server/schemas/auth.schemas.ts";
import { toSessionUser } from "#server/session.ts";
import { recordReferralFromCookie } from "#server/rewards.ts";
import { ErrorCode } from "#domain/shared/error-codes.ts";

// Creates the account without signing in: the login page then switches to "log in" (storefront.md).
// Against account enumeration: every attempt counts against the address's sign-up limit
// before anything is looked up, and an address that already has an account gets the same answer as
// a new one, after the same password hashing work; its owner is the one to be told, by email (a new
// account gets its verification email instead, so both addresses receive one email).
export const POST = route(async (context) => {
  const { app } = context.locals;
  const { email, password, firstName, acceptTerms, birthDate } = await readJson(context.request, Registration);
  // The Terms and the 13+ rule are accepted first: without the box ticked, nothing else happens.
  assertTermsAccepted(acceptTerms);
  // Under 13 no account is made, before any limit is counted or address looked up.
  if (birthDate !== undefined) acceptableBirthDate(birthDate, app.clock.now());
  await enforceLimits(app.rateLimiter, signUpChecks(context.locals.clientIp, app.config.authRateLimits.signUpPerMinute), tooManySignUps);
  assertAcceptablePassword(password, app.isCommonPassword);
  const answerAsIfNew = () => {
    app.log.info({ event: "sign_up_with_taken_address" }, "sign-up attempted for an address that has an account");
    const decoy = {
      id: app.ids.newId(),
      email,
      firstName: firstName || null,
      emailVerified: false,
      isAdmin: false,
      robloxUsername: null,
      storeCredit: 0,
      points: 0,
      birthDate: birthDate ?? null,
    };
    return json({ user: userJson(toSessionUser(decoy)) }, 201);
  };
  if (await isEmailRegistered(app.db, email)) {
    await (await app.auth.$context).password.hash(password);
    await tellOwner(context, email);
    return answerAsIfNew();
  }
  const response = await callAuth(context, "POST", "/sign-up/email", {
    email,
    password,
    name: firstName || email.split("@")[0],
    ...(firstName ? { firstName } : {}),
  });
  if (!response.ok) {
    const failure = await authFailure(response);
    // Registered a moment ago by a racing request: the same answer as for any taken address.
    if (failure.code === ErrorCode.emailTaken) {
      await tellOwner(context, email);
      return answerAsIfNew();
    }
    throw failure;
  }
  const data = (await response.json()) as { user: Parameters<typeof toSessionUser>[0] };
  await app.accountData.recordTermsAcceptance(data.user.id, acceptTerms);
  if (birthDate !== undefined) await app.accountData.giveBirthDate(data.user.id, birthDate);
  // Came through a referral link (?ref=CODE, remembered in a cookie): record who referred them.
  const forgetReferral = await recordReferralFromCookie(context, data.user.id);
  return json({ user: userJson(toSessionUser({ ...data.user, birthDate: birthDate ?? null })) }, 201, forgetReferral ? { "set-cookie": forgetReferral } : {});
});

// The address's owner learns that someone tried, at most three times an hour per address.
async function tellOwner(context: RouteContext, email: string): Promise<void> {
  const { app } = context.locals;
  const [limit] = emailRequestChecks("sign-up-attempt", { email, clientIp: context.locals.clientIp }, 1).slice(1);
  if (await app.rateLimiter.hit(limit!.key, limit!.limit, limit!.windowMs)) {
    await app.db.transaction().execute((trx) => app.mail.outbox(trx).add({ template: "sign_up_attempt", to: email, data: {} }));
  }
}
