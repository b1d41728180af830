import { requireAdmin } from "#server/guards.ts";
import { json, readJson, route } from "#server/http.ts";
import { RiskSettingsChange } from "#server/schemas/risk.schemas.ts";

// The risk settings (issue 37): the hold score (0 holds every paid order, 100 none) and each rule's
// weight. Support staff may read them (they read the queue); owners and managers change them.
export const GET = route(async (context) => {
  await requireAdmin(context, "orders");
  return json(await context.locals.app.ordering.riskSettings());
});

export const PATCH = route(async (context) => {
  const admin = await requireAdmin(context, "risk");
  const change = await readJson(context.request, RiskSettingsChange);
  return json(await context.locals.app.ordering.changeRiskSettings(change, admin));
});
