import { findOrder, forShopper } from "#read-models/shopping/orders.queries.ts";
import { requireUser } from "#server/guards.ts";
import { json, param, route } from "#server/http.ts";

// "I'm in the game, ready": the order's owner only (another's order is a 404). When staff were
// waiting for the buyer, the promise starts again now.
export const POST = route(async (context) => {
  const user = await requireUser(context);
  const { app } = context.locals;
  const order = await app.ordering.markBuyerReady({ orderId: param(context, "id"), userId: user.id });
  const view = await findOrder(app.db, order.id, app.clock.now());
  return json(view && forShopper(view));
});
