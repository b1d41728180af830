import type { PaymentProvider } from "#domain/payments/payment-gateway.port.ts";
import { json, readText, route } from "./http.ts";

/**
 * A provider's webhook deliveries, each provider at its own address, verified by that provider's
 * gateway before anything in it is believed (an unverified or malformed delivery is a 400 and
 * changes nothing). An event already processed answers 200 again (providers retry until they get
 * a 2xx) and changes nothing.
 */
export function paymentWebhookRoute(provider: PaymentProvider) {
  return route(async (context) => {
    const { app } = context.locals;
    const body = await readText(context.request);
    const headers: Record<string, string> = {};
    context.request.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
    const { eventId, result } = await app.ordering.handlePaymentWebhook({ provider, headers, body });
    app.log.info({ webhook: { provider, eventId, result } }, "payment webhook");
    return json({ received: true, eventId, result });
  });
}
