import { countOrders, listOrders } from "#read-models/shopping/orders.queries.ts";
import { ordersNeedingHolder } from "#read-models/shopping/orders-needing-holder.query.ts";
import { ageBandsOf } from "#read-models/accounts/age-bands.query.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, readQuery, route } from "#server/http.ts";
import { totalCountHeaders } from "#server/total-count.ts";
import { AdminOrdersQuery } from "#server/schemas/admin-orders.schemas.ts";

/**
 * Newest first, as an array (the spec's shape). The panel pages with ?offset=&limit=, searches id,
 * email and Roblox username with ?q=, filters by status with ?status= and by payment with
 * ?payment=awaiting|refunded|disputed the Risk queue with ?risk=held and the orders waiting for another holder with ?needsHolder=1; X-Total-Count says how many orders the search and filters find (with
 * X-Total-Count-Capped: true when that is at least the count cap, 10,000). Each order says its
 * buyer's age band, `buyerAge`: under_18, adult or unknown.
 */
export const GET = route(async (context) => {
  await requireAdmin(context, "orders");
  const { q, status, offset, limit, payment, risk, needsHolder } = readQuery(context.url, AdminOrdersQuery);
  const { db } = context.locals.app;
  const now = context.locals.app.clock.now();
  const [orders, total] = needsHolder
    ? await ordersNeedingHolder(db, { limit, offset }, now).then((page) => [page.orders, { total: page.total, capped: false }] as const)
    : await Promise.all([
        listOrders(db, { search: q, status, offset, limit, risk, now, ...(payment ? { payment } : {}) }),
        countOrders(db, q, status, payment, risk),
      ]);
  // The buyer's age band: whether a parent paid is worth knowing to staff; the date never is.
  const bands = await ageBandsOf(
    db,
    orders.map((order) => order.userId),
    now,
  );
  return json(
    orders.map((order) => ({ ...order, buyerAge: bands.get(order.userId) ?? "unknown" })),
    200,
    totalCountHeaders(total),
  );
});
