import { ratingNotFound } from "#domain/ratings/ratings.errors.ts";
import { findRatingForAdmin } from "#read-models/admin/ratings.queries.ts";
import { adminRoute, found } from "#server/admin-route.ts";
import { json, param, readJson } from "#server/http.ts";
import { ModerateRatingBody } from "#server/schemas/ratings.schemas.ts";

// Publish or hide a rating and answer it publicly: what the product pages show in the shop's name,
// so "ratings" (owner, manager), not support's "reviews". Audited (rating.moderate).
export const PATCH = adminRoute("ratings", async (admin, context) => {
  const { status, reply } = await readJson(context.request, ModerateRatingBody);
  const { app } = context.locals;
  const { id } = await app.ratings.moderateRating({ ratingId: param(context, "id"), status, reply }, admin);
  return json(found(await findRatingForAdmin(app.db, id), ratingNotFound));
});
