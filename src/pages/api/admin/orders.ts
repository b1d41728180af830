import { countOrders, listOrders } from "#read-models/shopping/orders.queries.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, readQuery, route } from "#server/http.ts";
import { totalCountHeaders } from "#server/total-count.ts";
import { AdminOrdersQuery } from "#server/schemas/admin-orders.schemas.ts";

/**
 * Newest first, as an array (the spec's shape). The panel pages with ?offset=&limit=, searches id,
 * email and Roblox username with ?q=, filters by status with ?status= and by payment with
 * ?payment=awaiting|refunded|disputed and the Risk queue with ?risk=held; X-Total-Count says how many orders the search and filters find (with
 * X-Total-Count-Capped: true when that is at least the count cap, 10,000).
 */
export const GET = route(async (context) => {
  await requireAdmin(context, "orders");
  const { q, status, offset, limit, payment, risk } = readQuery(context.url, AdminOrdersQuery);
  const { db } = context.locals.app;
  const [orders, total] = await Promise.all([
    listOrders(db, { search: q, status, offset, limit, risk, now: context.locals.app.clock.now(), ...(payment ? { payment } : {}) }),
    countOrders(db, q, status, payment, risk),
  ]);
  return json(orders, 200, totalCountHeaders(total));
});
