import { findOrder, forShopper } from "#read-models/shopping/orders.queries.ts";
import { requireUser } from "#server/guards.ts";
import { json, param, readJson, route } from "#server/http.ts";
import { CancelOrderInput } from "#server/schemas/delivery.schemas.ts";

// The order's owner cancels it: 200 and cancelled (refunded at once) while nobody started it, 202
// { status: "cancel_requested" } once staff have, 409 when delivered or cancelled, 404 for another's.
export const POST = route(async (context) => {
  const user = await requireUser(context);
  const { app } = context.locals;
  const { refundTo } = await readJson(context.request, CancelOrderInput);
  const done = await app.ordering.cancelByShopper({ orderId: param(context, "id"), userId: user.id, email: user.email, refundTo });
  if (done.status === "cancel_requested") return json({ status: "cancel_requested" }, 202);
  const view = await findOrder(app.db, done.order.id, app.clock.now());
  return json(view && forShopper(view));
});
