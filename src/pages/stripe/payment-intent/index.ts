import { checkoutReplaced } from "#domain/checkout/checkout.errors.ts";
import { paymentProviderUnavailable } from "#domain/payments/payments.errors.ts";
import { json, readJson, route } from "#server/http.ts";
import { StripeIntentRequest } from "#server/schemas/shopping.schemas.ts";
import { startPaymentFor } from "#server/start-payment-route.ts";

// Opens (or answers again) the Stripe PaymentIntent of the shopper's prepared checkout, for its
// amount due, created with the store's idempotency key: { clientSecret } for Stripe.js's Payment
// Element, which confirms it in the browser. A checkoutId that is no longer the shopper's prepared
// checkout is a 409 (the cart changed: review and pay again). A parent pays with `payToken` (the
// link names its checkout; a checkoutId beside it is checked the same way). Stripe not answering:
// 502 payment_provider_unreachable, nothing charged (the checkout offers the other providers).
export const POST = route(async (context) => {
  const { checkoutId, payToken } = await readJson(context.request, StripeIntentRequest);
  const { app } = context.locals;
  if (!app.payments.providers.includes("stripe")) throw paymentProviderUnavailable("Stripe");
  const payment = await startPaymentFor(context, { provider: "stripe", payToken });
  if (checkoutId !== undefined && payment.checkoutId !== checkoutId) throw checkoutReplaced();
  if (!payment.clientSecret) throw paymentProviderUnavailable("Stripe");
  return json({ id: payment.id, clientSecret: payment.clientSecret }, 201);
});
