import { isDomainError } from "#domain/shared/domain-error.ts";
import type { PlacedOrderView } from "#read-models/shopping/checkout.views.ts";
import { findOrder, forShopper } from "#read-models/shopping/orders.queries.ts";
import { requireUser } from "./guards.ts";
import { json, param, readJson, route } from "./http.ts";
import { CaptureRequest } from "./schemas/shopping.schemas.ts";
import { ErrorCode } from "#domain/shared/error-codes.ts";

// Takes the money and places the order, for every provider (POST /paypal/order/{id}/capture, and
// POST /stripe/payment-intent/{id}/capture once Stripe.js confirmed the PaymentIntent): the payment
// goes to the gateway of the provider that opened it. A payment that is already an order changes nothing and is
// answered 409 naming that order, so a replayed or doubled capture is visible to its sender.
// A payment held for review by the provider places the order awaiting payment: 201 with status
// "PENDING". A declined payment is a 402 that places nothing; `restart: true` (PayPal's
// INSTRUMENT_DECLINED) tells the page to call actions.restart() so the buyer picks another way to pay.
// A parent's capture names their link's `payToken` instead of a session: the order is the
// child's, the receipt the parent's, and the answer carries no order details beyond its status.
export const capturePaymentRoute = route(async (context) => {
  const { app, visitorId, clientIp } = context.locals;
  const { payToken } = await readJson(context.request, CaptureRequest);
  const paymentId = param(context, "id");
  let outcome;
  try {
    if (payToken) outcome = await app.ordering.captureParentPayment({ token: payToken, visitorId, clientIp, paymentId });
    else {
      const user = await requireUser(context);
      outcome = await app.ordering.capturePayment({ userId: user.id, birthDate: user.birthDate, visitorId, clientIp, paymentId });
    }
  } catch (error) {
    if (isDomainError(error) && error.code === ErrorCode.paymentDeclinedRestart)
      return json({ error: error.message, issue: "INSTRUMENT_DECLINED", restart: true }, 402);
    throw error;
  }
  if (outcome.kind === "already_captured") {
    return json({ error: "This payment has already been captured", ...(payToken ? {} : { orderId: outcome.order.id }) }, 409);
  }
  const status = outcome.order.paymentStatus === "awaiting" ? "PENDING" : "COMPLETED";
  // The parent sees that it is paid, not the child's order (its id opens nothing without the child's session).
  if (payToken) return json({ id: paymentId, status }, 201);
  const found = await findOrder(app.db, outcome.order.id, app.clock.now());
  const order = found && forShopper(found);
  return json({ id: paymentId, status, order } satisfies PlacedOrderView, 201);
});
