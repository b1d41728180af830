import { countItemRequests, listItemRequests } from "#read-models/admin/item-requests.queries.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, readQuery, route } from "#server/http.ts";
import { totalCountHeaders } from "#server/total-count.ts";
import { AdminItemRequestsQuery } from "#server/schemas/admin-lists.schemas.ts";

// Admin only: the guard runs before anything is read. Newest first, a page at a time (50 without
// ?limit=); X-Total-Count says how many there are (X-Total-Count-Capped past the count cap).
export const GET = route(async (context) => {
  await requireAdmin(context, "item-requests");
  const { offset, limit } = readQuery(context.url, AdminItemRequestsQuery);
  const { db } = context.locals.app;
  const [requests, total] = await Promise.all([listItemRequests(db, { offset, limit }), countItemRequests(db)]);
  return json(requests, 200, totalCountHeaders(total));
});
