import { deliveryQueue } from "#read-models/shopping/delivery-queue.queries.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, route } from "#server/http.ts";

// The Delivery queue of the Orders tab: paid orders not yet delivered, the least time left first,
// with how many there are, how many are overdue, and the server's time (so a panel whose clock is
// off still counts down right).
export const GET = route(async (context) => {
  await requireAdmin(context, "orders");
  const { app } = context.locals;
  const now = app.clock.now();
  const queue = await deliveryQueue(app.db, now);
  return json({ ...queue, now: now.toISOString(), slaMinutes: app.config.delivery.slaMinutes });
});
