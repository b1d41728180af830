import type { PaymentOrderView } from "#read-models/shopping/checkout.views.ts";
import { paymentProviderUnavailable } from "#domain/payments/payments.errors.ts";
import { invalidInput } from "#server/http-errors.ts";
import { json, readJson, route } from "#server/http.ts";
import { PayPalOrderRequest } from "#server/schemas/shopping.schemas.ts";
import { startPaymentFor } from "#server/start-payment-route.ts";

// Opens the payment for the shopper's prepared checkout with PayPal, or with the sandbox's test
// button (its `sandboxOutcome`: approve, decline, pending picks what the capture answers; refused
// unless the sandbox is configured). The amount is the checkout's total: the body's `amount` is
// read (the spec sends it) but never used. A parent paying through their emailed link sends its
// `payToken` and no session is needed. A minor's own call: 403 parent_must_pay.
export const POST = route(async (context) => {
  const { sandboxOutcome, payToken } = await readJson(context.request, PayPalOrderRequest);
  const { providers } = context.locals.app.payments;
  if (sandboxOutcome && !providers.includes("sandbox")) throw invalidInput("sandboxOutcome is accepted in sandbox mode only");
  const provider = sandboxOutcome || !providers.includes("paypal") ? "sandbox" : "paypal";
  if (!providers.includes(provider)) throw paymentProviderUnavailable("PayPal");
  const { id } = await startPaymentFor(context, { provider, payToken, sandboxOutcome });
  return json({ id } satisfies PaymentOrderView, 201);
});
