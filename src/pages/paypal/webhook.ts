import { json, readText, route } from "#server/http.ts";

// PayPal's webhook deliveries (PAYMENT.CAPTURE.*, CUSTOMER.DISPUTE.*). Each is verified with PayPal's
// verify-webhook-signature API against PAYPAL_WEBHOOK_ID before anything in it is believed: an
// unverified or malformed delivery is a 400 and changes nothing. An event already processed answers
// 200 again (PayPal retries until it gets a 2xx) and changes nothing.
export const POST = route(async (context) => {
  const { app } = context.locals;
  const body = await readText(context.request);
  const headers: Record<string, string> = {};
  context.request.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
  const { eventId, result } = await app.ordering.handlePaymentWebhook({ headers, body });
  app.log.info({ webhook: { eventId, result } }, "payment webhook");
  return json({ received: true, eventId, result });
});
