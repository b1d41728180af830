import { findOrder } from "#read-models/shopping/orders.queries.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, param, readJson, route } from "#server/http.ts";
import { CancelRequestAnswer } from "#server/schemas/delivery.schemas.ts";

// Staff grant (cancel and refund as the shopper chose) or refuse (with the reason) a cancel request.
export const POST = route(async (context) => {
  const staff = await requireAdmin(context, "refunds");
  const { app } = context.locals;
  const body = await readJson(context.request, CancelRequestAnswer);
  const request = await app.ordering.answerCancelRequest({ orderId: param(context, "id"), ...body }, staff);
  return json({ status: request.status, order: await findOrder(app.db, request.orderId, app.clock.now()) });
});
