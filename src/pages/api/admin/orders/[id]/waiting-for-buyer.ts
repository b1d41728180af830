import { findOrder } from "#read-models/shopping/orders.queries.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, param, readJson, route } from "#server/http.ts";
import { WaitingForBuyerInput } from "#server/schemas/delivery.schemas.ts";

// Staff who deliver wait for the buyer in the game: no deadline (never late) until "I'm ready".
export const POST = route(async (context) => {
  const staff = await requireAdmin(context, "orders");
  const { app } = context.locals;
  const { note } = await readJson(context.request, WaitingForBuyerInput);
  const order = await app.ordering.markWaitingForBuyer({ orderId: param(context, "id"), note }, staff);
  return json(await findOrder(app.db, order.id, app.clock.now()));
});
