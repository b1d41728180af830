import { readAnalyticsSummary } from "#read-models/analytics/summary.query.ts";
import { readDeliveryPerformance } from "#read-models/analytics/delivery-performance.query.ts";
import { readRiskFigures } from "#read-models/analytics/risk-figures.query.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, route } from "#server/http.ts";

// The Analytics tab's summary cards and the orders/revenue per day lists, with the delivery
// performance (issue 21): median minutes, the share delivered in time and late orders, for the
// 30-day window (medianDeliveryMinutes, ...) and today (todayMedianDeliveryMinutes, ...), and the
// risk figures (issue 37): orders held, approved, rejected, disputes, reversals, money lost.
export const GET = route(async (context) => {
  await requireAdmin(context, "analytics");
  const { app } = context.locals;
  const at = { now: app.clock.now(), timeZone: app.config.timeZone };
  const [summary, delivery, risk] = await Promise.all([readAnalyticsSummary(app.db, at), readDeliveryPerformance(app.db, at), readRiskFigures(app.db, at)]);
  return json({ ...summary, ...delivery, ...risk });
});
