import { listOrdersPageOfUser } from "#read-models/shopping/orders.queries.ts";
import { ORDERS_PAGE_SIZE } from "#read-models/accounts/orders-of-user.ts";
import { requireUser } from "#server/guards.ts";
import { json, readQuery, route } from "#server/http.ts";
import { OrdersQuery } from "#server/schemas/shopping.schemas.ts";

// The signed-in shopper's own orders, newest first, one page (issue 33): an array as the spec
// shows it; X-Next-Cursor, when more follow, is the `before` of the next page.
export const GET = route(async (context) => {
  const user = await requireUser(context);
  const { limit, before } = readQuery(context.url, OrdersQuery);
  const page = await listOrdersPageOfUser(context.locals.app.db, user.id, { before, limit: limit ?? ORDERS_PAGE_SIZE }, context.locals.app.clock.now());
  return json(page.orders, 200, page.nextCursor === null ? {} : { "X-Next-Cursor": page.nextCursor });
});
