import { listOrders } from "#read-models/shopping/orders.queries.ts";
import { requireUser } from "#server/guards.ts";
import { json, route } from "#server/http.ts";

// The signed-in shopper's own orders, newest first.
export const GET = route(async (context) => {
  const user = await requireUser(context);
  return json(await listOrders(context.locals.app.db, { userId: user.id, now: context.locals.app.clock.now() }));
});
