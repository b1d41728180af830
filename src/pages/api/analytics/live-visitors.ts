import { listLiveVisitors } from "#read-models/analytics/live-visitors.query.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, route } from "#server/http.ts";

// Polled every 10 s by the Analytics tab: visitors seen in the last 5 minutes.
export const GET = route(async (context) => {
  await requireAdmin(context, "analytics");
  const { app } = context.locals;
  return json(await listLiveVisitors(app.db, app.clock.now()));
});
