import { delivererOfOrder } from "#read-models/shopping/order-holders.query.ts";
import type { DelivererView } from "#read-models/shopping/shopping.views.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, param, route } from "#server/http.ts";

// The order's own staff view of its running delivery: the account to log into and the phrase to say
// in the game chat. Kept out of every list (the queue, the orders) so the phrase is read only here
// and on the shopper's own order; null when no delivery runs.
export const GET = route(async (context) => {
  await requireAdmin(context, "orders");
  const deliverer = await delivererOfOrder(context.locals.app.db, param(context, "id"));
  return json({ deliverer: deliverer satisfies DelivererView | null }, 200, { "Cache-Control": "no-store" });
});
