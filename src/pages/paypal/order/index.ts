import type { PaymentOrderView } from "#read-models/shopping/checkout.views.ts";
import { invalidInput } from "#server/http-errors.ts";
import { requireUser } from "#server/guards.ts";
import { json, readJson, route } from "#server/http.ts";
import { PayPalOrderRequest } from "#server/schemas/shopping.schemas.ts";

// Opens the payment for the shopper's prepared checkout. The amount is the checkout's total: the
// body's `amount` is read (the spec sends it) but never used. In sandbox mode the test button's
// `sandboxOutcome` (approve, decline, pending) picks what the capture answers; with a real provider
// it is refused. A parent paying through their emailed link sends its `payToken` and no session is
// needed: the token pays that one checkout. A minor's own call: 403 parent_must_pay.
export const POST = route(async (context) => {
  const { sandboxOutcome, payToken } = await readJson(context.request, PayPalOrderRequest);
  const { app } = context.locals;
  if (sandboxOutcome && app.payments.provider !== "sandbox") throw invalidInput("sandboxOutcome is accepted in sandbox mode only");
  const outcome = sandboxOutcome ? { sandboxOutcome } : {};
  if (payToken) return json({ id: (await app.ordering.startParentPayment({ token: payToken, ...outcome })).id } satisfies PaymentOrderView, 201);
  const user = await requireUser(context);
  const { id } = await app.ordering.startPayment({ userId: user.id, birthDate: user.birthDate, ...outcome });
  return json({ id } satisfies PaymentOrderView, 201);
});
