import { listItemRequests } from "#read-models/admin/item-requests.queries.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, route } from "#server/http.ts";

// Admin only: the guard runs before anything is read.
export const GET = route(async (context) => {
  await requireAdmin(context, "item-requests");
  return json(await listItemRequests(context.locals.app.db));
});
