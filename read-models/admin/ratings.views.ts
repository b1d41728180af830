import type { RatingStatus } from "#domain/ratings/rating.ts";

/** A rating as the Reviews tab's Ratings section shows it (GET /api/admin/ratings, PATCH's answer). */
export interface AdminRatingView {
  id: string;
  orderId: string;
  productId: string;
  /** The product's name as bought (the order's copy: a renamed or deleted product keeps it). */
  productName: string;
  stars: number;
  comment: string | null;
  status: RatingStatus;
  reply: string | null;
  createdAt: string;
  moderatedAt: string | null;
}
