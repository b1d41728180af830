import * as z from "zod";
import { MAX_RATING_TEXT, RATING_STATUSES } from "#domain/ratings/rating.ts";
import { RATINGS_PAGE_MAX } from "#read-models/storefront/product-ratings.queries.ts";

// The raw text may be a little longer than what is kept (cleaning removes control characters and
// spaces); the domain checks the cleaned length.
const ratingText = z.string().max(MAX_RATING_TEXT + 200);

/** POST /api/orders/{id}/ratings: one product of the order, 1 to 5 whole stars, an optional comment. */
export const RateOrderBody = z.object({
  productId: z.string().min(1).max(100),
  stars: z.number().int().min(1).max(5),
  comment: ratingText.nullish(),
});

/** PATCH /api/admin/ratings/{id}: publish or hide, and optionally the public reply ("" removes it). */
export const ModerateRatingBody = z.object({
  status: z.enum(["published", "hidden"]),
  reply: ratingText.nullish(),
});

/** GET /api/admin/ratings?status=pending|published|hidden&offset=&limit= (pending first: what waits for staff). */
export const AdminRatingsQuery = z.object({
  status: z.enum(RATING_STATUSES).default("pending"),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET /api/products/{id}/ratings?offset=&limit= */
export const ProductRatingsQuery = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(RATINGS_PAGE_MAX).default(10),
});
