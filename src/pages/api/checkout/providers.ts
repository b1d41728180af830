import { paymentMethodsOf } from "#domain/payments/payment-methods.ts";
import { json, route } from "#server/http.ts";

// The ways to pay this shop is configured with (PAYMENT_PROVIDERS), the default first, for the
// checkout's choice: [{ id, label }] (Stripe's adds its publishable key, which Stripe.js needs).
export const GET = route(async (context) => {
  const { app } = context.locals;
  const stripe = app.config.payments.stripe;
  return json(
    paymentMethodsOf(app.payments.providers).map((method) => ({
      id: method.provider,
      label: method.name,
      ...(method.provider === "stripe" && stripe ? { publishableKey: stripe.publishableKey } : {}),
    })),
  );
});
