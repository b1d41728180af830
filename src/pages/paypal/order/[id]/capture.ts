import { isDomainError } from "#domain/shared/domain-error.ts";
import type { PlacedOrderView } from "#read-models/shopping/checkout.views.ts";
import { findOrder, forShopper } from "#read-models/shopping/orders.queries.ts";
import { requireUser } from "#server/guards.ts";
import { json, param, route } from "#server/http.ts";
import { ErrorCode } from "#domain/shared/error-codes.ts";

// Takes the money and places the order. A payment that is already an order changes nothing and is
// answered 409 naming that order, so a replayed or doubled capture is visible to its sender.
// A payment held for review by the provider places the order awaiting payment: 201 with status
// "PENDING". A declined payment is a 402 that places nothing; `restart: true` (PayPal's
// INSTRUMENT_DECLINED) tells the page to call actions.restart() so the buyer picks another way to pay.
export const POST = route(async (context) => {
  const user = await requireUser(context);
  const { app, visitorId, clientIp } = context.locals;
  let outcome;
  try {
    outcome = await app.ordering.capturePayment({ userId: user.id, visitorId, clientIp, paymentId: param(context, "id") });
  } catch (error) {
    if (isDomainError(error) && error.code === ErrorCode.paymentDeclinedRestart)
      return json({ error: error.message, issue: "INSTRUMENT_DECLINED", restart: true }, 402);
    throw error;
  }
  if (outcome.kind === "already_captured") {
    return json({ error: "This payment has already been captured", orderId: outcome.order.id }, 409);
  }
  const found = await findOrder(app.db, outcome.order.id, app.clock.now());
  const order = found && forShopper(found);
  const status = outcome.order.paymentStatus === "awaiting" ? "PENDING" : "COMPLETED";
  return json({ id: param(context, "id"), status, order } satisfies PlacedOrderView, 201);
});
