import { changeOrderStatus } from "../../../../../domain/ordering/change-order-status.ts";
import { findOrder } from "../../../../../read-models/shopping/orders.queries.ts";
import { audited } from "../../../../server/audit.ts";
import { requireAdmin } from "../../../../server/guards.ts";
import { json, param, readJson, route } from "../../../../server/http.ts";
import { OrderStatusChange } from "../../../../server/schemas/shopping.schemas.ts";

export const PATCH = route(async (context) => {
  const admin = await requireAdmin(context, "orders");
  const { app, visitorId } = context.locals;
  const { status } = await readJson(context.request, OrderStatusChange);
  const order = await changeOrderStatus(
    { orderId: param(context, "id"), to: status, actorUserId: admin.id, visitorId },
    {
      unitOfWork: audited(app, admin, app.shopping.ordering, "order.status", param(context, "id"), async (r, id) => {
        const order = await r.orders.byId(id);
        return order && { status: order.status };
      }),
      clock: app.clock,
      ids: app.ids,
    },
  );
  return json(await findOrder(app.db, order.id, app.clock.now()));
});
