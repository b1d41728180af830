import { countOrders, listOrders } from "../../../../read-models/shopping/orders.queries.ts";
import { requireAdmin } from "../../../server/guards.ts";
import { json, readQuery, route } from "../../../server/http.ts";
import { AdminOrdersQuery } from "../../../server/schemas/admin-orders.schemas.ts";

/**
 * Newest first, as an array (the spec's shape). The panel pages with ?offset=&limit= and searches
 * id, email and Roblox username with ?q=; X-Total-Count says how many orders the search finds.
 */
export const GET = route(async (context) => {
  await requireAdmin(context);
  const { q, offset, limit } = readQuery(context.url, AdminOrdersQuery);
  const { db } = context.locals.app;
  const [orders, total] = await Promise.all([listOrders(db, { search: q, offset, limit, now: context.locals.app.clock.now() }), countOrders(db, q)]);
  return json(orders, 200, { "X-Total-Count": String(total) });
});
