import { readProductRatings } from "#read-models/storefront/product-ratings.queries.ts";
import type { ProductRatingsView } from "#read-models/storefront/ratings.views.ts";
import { json, param, readQuery, route } from "#server/http.ts";
import { ProductRatingsQuery } from "#server/schemas/ratings.schemas.ts";

// A product's published ratings: { average, count, ratings: [{ stars, comment, createdAt, reply? }] },
// newest first, a bounded page (?offset=&limit=, at most 50). Pending and hidden ones never appear.
// An unknown product simply has none.
export const GET = route(async (context) => {
  const { offset, limit } = readQuery(context.url, ProductRatingsQuery);
  const view: ProductRatingsView = await readProductRatings(context.locals.app.db, param(context, "id"), { offset, limit });
  return json(view);
});
