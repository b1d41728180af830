import { countRatingsForAdmin, listRatingsForAdmin } from "#read-models/admin/ratings.queries.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, readQuery, route } from "#server/http.ts";
import { AdminRatingsQuery } from "#server/schemas/ratings.schemas.ts";

// The Reviews tab's Ratings section: one page of ratings with ?status= (pending by default), newest
// first; X-Total-Count says how many (capped). Reading is "reviews", so support staff see them too.
export const GET = route(async (context) => {
  await requireAdmin(context, "reviews");
  const { status, offset, limit } = readQuery(context.url, AdminRatingsQuery);
  const { db } = context.locals.app;
  const [ratings, count] = await Promise.all([listRatingsForAdmin(db, { status, offset, limit }), countRatingsForAdmin(db, status)]);
  return json(ratings, 200, { "X-Total-Count": String(count.total) });
});
