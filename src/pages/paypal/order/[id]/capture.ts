import { capturePaymentRoute } from "#server/capture-payment-route.ts";
import type { RouteContext } from "#server/http.ts";

// PayPal's buttons (and the sandbox's test button) capture here once the buyer approved: see capturePaymentRoute.
export const POST = (context: RouteContext) => capturePaymentRoute(context);
