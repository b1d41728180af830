import { countOrders, listOrders } from "../../../../read-models/shopping/orders.queries.ts";
import { requireAdmin } from "../../../server/guards.ts";
import { json, readQuery, route } from "../../../server/http.ts";
import { AdminOrdersQuery } from "../../../server/schemas/admin-orders.schemas.ts";

/**
 * Newest first, as an array (the spec's shape). The panel pages with ?offset=&limit=, searches id,
 * email and Roblox username with ?q= and filters with ?status=; X-Total-Count says how many orders
 * the search and filter find.
 */
export const GET = route(async (context) => {
  await requireAdmin(context, "orders");
  const { q, status, offset, limit } = readQuery(context.url, AdminOrdersQuery);
  const { db } = context.locals.app;
  const [orders, total] = await Promise.all([listOrders(db, { search: q, status, offset, limit }), countOrders(db, q, status)]);
  return json(orders, 200, { "X-Total-Count": String(total) });
});
