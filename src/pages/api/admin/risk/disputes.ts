import { chargebackReport } from "#read-models/risk/chargebacks.queries.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, readQuery, route } from "#server/http.ts";
import { DisputesPage } from "#server/schemas/risk.schemas.ts";

// Chargeback memory in the Risk view (issue 37): disputes and reversals per month over the last twelve
// months (outcome, money lost), one page of them newest first, and the accounts on hold. Owners,
// managers and support staff read it.
export const GET = route(async (context) => {
  await requireAdmin(context, "orders");
  const page = readQuery(context.url, DisputesPage);
  const { app } = context.locals;
  return json(await chargebackReport(app.db, { ...page, now: app.clock.now() }));
});
