import { countSubmissions, listSubmissions } from "#read-models/rewards/rewards.queries.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, readQuery, route } from "#server/http.ts";
import { AdminSubmissionsQuery } from "#server/schemas/admin-lists.schemas.ts";

// Newest first; without a query every submission (the spec's answer). The Reviews tab filters with
// ?status= and pages with ?offset=&limit=; X-Total-Count says how many the filter finds.
export const GET = route(async (context) => {
  await requireAdmin(context, "reviews");
  const { status, offset, limit } = readQuery(context.url, AdminSubmissionsQuery);
  const { db } = context.locals.app;
  const [submissions, total] = await Promise.all([listSubmissions(db, { status, offset, limit }), countSubmissions(db, status)]);
  return json(submissions, 200, { "X-Total-Count": String(total) });
});
