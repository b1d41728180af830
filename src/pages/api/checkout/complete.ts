import type { PlacedOrderView } from "#read-models/shopping/checkout.views.ts";
import { findOrder } from "#read-models/shopping/orders.queries.ts";
import { requireUser } from "#server/guards.ts";
import { json, route } from "#server/http.ts";

// Places the order of the shopper's prepared checkout when store credit pays all of it (the prepare
// answered `paymentRequired: false`): no payment step. A checkout that still needs a payment, or
// none prepared, is a 409; a doubled request places one order and the other gets 409 naming it.
export const POST = route(async (context) => {
  const user = await requireUser(context);
  const { app, visitorId, clientIp } = context.locals;
  const outcome = await app.ordering.placeOrderWithStoreCredit({ userId: user.id, visitorId, clientIp });
  if (outcome.kind === "already_captured") return json({ error: "This order has already been placed", orderId: outcome.order.id }, 409);
  return json({ status: "COMPLETED", order: await findOrder(app.db, outcome.order.id, app.clock.now()) } satisfies PlacedOrderView, 201);
});
