import { startPayment } from "../../../../domain/ordering/start-payment.ts";
import { requireUser } from "../../../server/guards.ts";
import { json, readJson, route } from "../../../server/http.ts";
import { PayPalOrderRequest } from "../../../server/schemas/shopping.schemas.ts";

// Opens the payment for the shopper's prepared checkout. The amount is the checkout's total: the
// body's `amount` is read (the spec sends it) but never used.
export const POST = route(async (context) => {
  const user = await requireUser(context);
  await readJson(context.request, PayPalOrderRequest);
  const { app } = context.locals;
  const { id } = await startPayment({ userId: user.id }, { unitOfWork: app.shopping.ordering, gateway: app.payments });
  return json({ id }, 201);
});
