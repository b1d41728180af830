import { requireUser } from "#server/guards.ts";
import { json, readJson, route } from "#server/http.ts";
import { AnalyticsConsentBody } from "#server/schemas/account-data.schemas.ts";

// The consent banner of a signed-in shopper keeps the choice on the account too (the browser's
// own cookie is what tracking reads; this is the record the data export shows).
export const POST = route(async (context) => {
  const user = await requireUser(context);
  const { analytics } = await readJson(context.request, AnalyticsConsentBody);
  await context.locals.app.accountData.recordAnalyticsConsent(user.id, analytics === "granted");
  return json({ analytics }, 201);
});
