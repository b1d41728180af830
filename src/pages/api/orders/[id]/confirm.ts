import { requireUser } from "#server/guards.ts";
import { json, param, readJson, route } from "#server/http.ts";
import { ConfirmReceiptBody } from "#server/schemas/shopping.schemas.ts";

// Confirm receipt (issue 36): "I got it" or "I didn't get it" on a delivered order, by its owner
// only (another's order is a 404), once, within DELIVERY_CONFIRM_HOURS of the delivery (else 409).
export const POST = route(async (context) => {
  const user = await requireUser(context);
  const body = await readJson(context.request, ConfirmReceiptBody);
  const answer = await context.locals.app.receipts.confirmReceipt({ orderId: param(context, "id"), userId: user.id, received: body.received, note: body.note });
  return json(answer);
});
