import { findOrder } from "#read-models/shopping/orders.queries.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, param, readJson, route } from "#server/http.ts";
import { OrderStatusChange } from "#server/schemas/shopping.schemas.ts";

export const PATCH = route(async (context) => {
  const admin = await requireAdmin(context, "orders");
  const { app, visitorId } = context.locals;
  const { status } = await readJson(context.request, OrderStatusChange);
  const order = await app.ordering.changeOrderStatus({ orderId: param(context, "id"), to: status, visitorId }, admin);
  return json(await findOrder(app.db, order.id, app.clock.now()));
});
