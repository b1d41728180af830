import { listTopPages, TOP_PAGES_MAX_LIMIT } from "#read-models/analytics/top-pages.query.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, readQuery, route } from "#server/http.ts";
import { ListLimitQuery } from "#server/schemas/analytics.schemas.ts";

const Query = ListLimitQuery(TOP_PAGES_MAX_LIMIT);

export const GET = route(async (context) => {
  await requireAdmin(context, "analytics");
  const { limit } = readQuery(context.url, Query);
  return json(await listTopPages(context.locals.app.db, limit));
});
