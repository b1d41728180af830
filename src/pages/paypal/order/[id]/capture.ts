import { capturePayment } from "../../../../../domain/ordering/capture-payment.ts";
import { findOrder } from "../../../../../read-models/shopping/orders.queries.ts";
import { requireUser } from "../../../../server/guards.ts";
import { json, param, route } from "../../../../server/http.ts";
import { placementDeps } from "../../../../server/shopping.ts";

// Takes the money and places the order. A payment that is already an order changes nothing and is
// answered 409 naming that order, so a replayed or doubled capture is visible to its sender.
export const POST = route(async (context) => {
  const user = await requireUser(context);
  const { app, visitorId } = context.locals;
  const outcome = await capturePayment(
    { userId: user.id, visitorId, paymentId: param(context, "id") },
    { ...placementDeps(app), gateway: app.payments },
  );
  if (outcome.kind === "already_captured") {
    return json({ error: "This payment has already been captured", orderId: outcome.order.id }, 409);
  }
  return json({ id: param(context, "id"), status: "COMPLETED", order: await findOrder(app.db, outcome.order.id, app.clock.now()) }, 201);
});
