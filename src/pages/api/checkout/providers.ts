import { json, route } from "#server/http.ts";
import { checkoutProviders } from "#server/payment-methods.ts";

// The ways to pay this shop is configured with (PAYMENT_PROVIDERS), the default first, for the
// checkout's choice: [{ id, label }] (Stripe's adds its publishable key, which Stripe.js needs).
export const GET = route(async (context) => json(checkoutProviders(context.locals.app.config)));
