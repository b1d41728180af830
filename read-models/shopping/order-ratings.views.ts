import type { RatingStatus } from "#domain/ratings/rating.ts";

/** A rating the shopper gave one product of their order (GET and POST /api/orders/{id}/ratings). */
export interface OrderRatingView {
  productId: string;
  stars: number;
  comment: string | null;
  /** pending until staff publish it; the shopper sees whether it is on the product page. */
  status: RatingStatus;
  createdAt: string;
}
