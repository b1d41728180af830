/** One published rating as the product page and GET /api/products/{id}/ratings show it. */
export interface PublishedRatingView {
  stars: number;
  comment: string | null;
  createdAt: string;
  /** The shop's public answer; absent when there is none. */
  reply?: string;
}

/** A product's published ratings: the average (one decimal, null when none), how many, and one page of them, newest first. */
export interface ProductRatingsView {
  average: number | null;
  count: number;
  ratings: PublishedRatingView[];
}

/** The shop-wide "rated X from N reviews", from published ratings only. */
export interface ShopRatingView {
  /** The average of every published rating's stars, one decimal (4.7). */
  average: number;
  /** How many published ratings it comes from. */
  count: number;
}
