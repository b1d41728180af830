import { readAnalyticsSummary } from "../../../../read-models/analytics/summary.query.ts";
import { requireAdmin } from "../../../server/guards.ts";
import { json, route } from "../../../server/http.ts";

// The Analytics tab's summary cards and the orders/revenue per day lists.
export const GET = route(async (context) => {
  await requireAdmin(context, "analytics");
  const { app } = context.locals;
  return json(await readAnalyticsSummary(app.db, { now: app.clock.now(), timeZone: app.config.timeZone }));
});
