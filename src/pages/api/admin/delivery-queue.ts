import { deliveryQueue } from "#read-models/shopping/delivery-queue.queries.ts";
import { countOrdersNeedingHolder } from "#read-models/shopping/orders-needing-holder.query.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, route } from "#server/http.ts";

// The Delivery queue of the Orders tab: paid orders not yet delivered, the least time left first,
// with how many there are, how many are overdue, and the server's time (so a panel whose clock is
// off still counts down right), and how many orders wait for another holder (theirs is lost).
export const GET = route(async (context) => {
  await requireAdmin(context, "orders");
  const { app } = context.locals;
  const now = app.clock.now();
  const [queue, needsHolder] = await Promise.all([deliveryQueue(app.db, now), countOrdersNeedingHolder(app.db)]);
  return json({ ...queue, needsHolder, now: now.toISOString(), slaMinutes: app.config.delivery.slaMinutes });
});
