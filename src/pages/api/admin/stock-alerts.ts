import { countStockAlerts, listStockAlerts } from "#read-models/admin/stock-alerts.queries.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, readQuery, route } from "#server/http.ts";
import { AdminStockAlertsQuery } from "#server/schemas/admin-lists.schemas.ts";

// Who waits for what (issue 36), newest first, a page at a time; X-Total-Count says how many the filter finds.
export const GET = route(async (context) => {
  await requireAdmin(context, "item-requests");
  const { status, offset, limit } = readQuery(context.url, AdminStockAlertsQuery);
  const { db } = context.locals.app;
  const [alerts, total] = await Promise.all([listStockAlerts(db, { status, offset, limit }), countStockAlerts(db, status)]);
  return json(alerts, 200, { "X-Total-Count": String(total) });
});
