import { jsonWithCookies, signOut } from "#server/auth-bridge.ts";
import { requireUser } from "#server/guards.ts";
import { readJson, route } from "#server/http.ts";
import { AccountDeletionBody } from "#server/schemas/account-data.schemas.ts";

// Dashboard → "Delete my account" (issue 20): the password confirms it; the session's cookies are
// cleared with the account (its session rows are gone already).
export const DELETE = route(async (context) => {
  const user = await requireUser(context);
  const { password } = await readJson(context.request, AccountDeletionBody);
  await context.locals.app.accountData.deleteAccount(user.id, password);
  context.locals.app.log.info({ event: "account_deleted" }, "a shopper deleted their account");
  return jsonWithCookies(null, 204, await signOut(context));
});
