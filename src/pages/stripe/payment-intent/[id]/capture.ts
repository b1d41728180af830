import { capturePaymentRoute } from "#server/capture-payment-route.ts";
import type { RouteContext } from "#server/http.ts";

// After Stripe.js confirmed the PaymentIntent in the browser: reads it and places the order (or
// awaits a 3-D Secure or processing payment; see capturePaymentRoute), as PayPal's capture does.
export const POST = (context: RouteContext) => capturePaymentRoute(context);
