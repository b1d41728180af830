import type { ProductRatingsView } from "#read-models/storefront/ratings.views.ts";

/**
 * schema.org's aggregateRating and review of a product, from its published ratings only (issue
 * 36): an empty object when there are none, so the page claims no rating it does not have. Buyers
 * are not named on the page, so neither are they here.
 */
export function ratingsJsonLd(ratings: ProductRatingsView): Record<string, unknown> {
  if (ratings.average === null || ratings.count === 0) return {};
  return {
    aggregateRating: { "@type": "AggregateRating", ratingValue: ratings.average, ratingCount: ratings.count, bestRating: 5, worstRating: 1 },
    review: ratings.ratings.map((rating) => ({
      "@type": "Review",
      reviewRating: { "@type": "Rating", ratingValue: rating.stars, bestRating: 5, worstRating: 1 },
      author: { "@type": "Person", name: "Verified buyer" },
      datePublished: rating.createdAt.slice(0, 10),
      ...(rating.comment ? { reviewBody: rating.comment } : {}),
    })),
  };
}
