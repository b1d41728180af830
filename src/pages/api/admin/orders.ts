import { listOrders } from "../../../../read-models/shopping/orders.queries.ts";
import { requireAdmin } from "../../../server/guards.ts";
import { json, route } from "../../../server/http.ts";

/** Newest first; the panel's paging (issue 10) will page beyond this. */
const ADMIN_ORDERS_LIMIT = 1000;

export const GET = route(async (context) => {
  await requireAdmin(context);
  return json(await listOrders(context.locals.app.db, { limit: ADMIN_ORDERS_LIMIT }));
});
