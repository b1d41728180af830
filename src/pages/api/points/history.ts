import { HISTORY_LIMIT, listPointsHistoryPage } from "#read-models/rewards/rewards.queries.ts";
import { requireUser } from "#server/guards.ts";
import { json, readQuery, route } from "#server/http.ts";
import { PointsHistoryQuery } from "#server/schemas/rewards.schemas.ts";

// The Points tab's "Show more" (issue 33): the next page of the shopper's own points history, newest
// first, after the entry `before`; X-Next-Cursor, while more follow, is the next page's `before`.
export const GET = route(async (context) => {
  const user = await requireUser(context);
  const { before, limit } = readQuery(context.url, PointsHistoryQuery);
  const page = await listPointsHistoryPage(context.locals.app.db, user.id, { before, limit: limit ?? HISTORY_LIMIT });
  return json(page.entries, 200, page.nextCursor === null ? {} : { "X-Next-Cursor": page.nextCursor });
});
