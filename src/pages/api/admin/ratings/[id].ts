import { ratingNotFound } from "#domain/ratings/ratings.errors.ts";
import { findRatingForAdmin } from "#read-models/admin/ratings.queries.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, param, readJson, route } from "#server/http.ts";
import { ModerateRatingBody } from "#server/schemas/ratings.schemas.ts";

// Publish or hide a rating and answer it publicly: what the product pages show in the shop's name,
// so "ratings" (owner, manager), not support's "reviews". Audited (rating.moderate).
export const PATCH = route(async (context) => {
  const admin = await requireAdmin(context, "ratings");
  const { status, reply } = await readJson(context.request, ModerateRatingBody);
  const { app } = context.locals;
  const moderated = await app.ratings.moderateRating({ ratingId: param(context, "id"), status, reply }, admin);
  const view = await findRatingForAdmin(app.db, moderated.id);
  if (!view) throw ratingNotFound();
  return json(view);
});
