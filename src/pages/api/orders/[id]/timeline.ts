import { findOrderOwner, orderTimeline } from "#read-models/shopping/order-timeline.queries.ts";
import { requireOwnerOrAdmin, requireUser } from "#server/guards.ts";
import { json, param, route } from "#server/http.ts";
import { orderNotFound } from "#domain/orders/orders.errors.ts";

// What happened to the order, oldest first ([{ at, kind, text, proofUrl? }]): for its owner and
// staff (guests 401, other shoppers 403, unknown order 404).
export const GET = route(async (context) => {
  await requireUser(context);
  const { app } = context.locals;
  const orderId = param(context, "id");
  const owner = await findOrderOwner(app.db, orderId);
  if (owner === null) throw orderNotFound();
  await requireOwnerOrAdmin(context, owner);
  return json(await orderTimeline(app.db, orderId, app.clock.now()));
});
