import type { Rating, RatingDecision, RatableOrder } from "./rating.ts";

/** Buyers' ratings. */
export interface RatingRepository {
  /**
   * Stores a new rating. False (nothing stored) when the order already has one for that product:
   * the database keeps one per order and product, also when two requests race.
   */
  add(rating: Rating): Promise<boolean>;
  /** Publishes or hides a rating and sets its reply (undefined: kept as is); null when unknown. */
  moderate(id: string, change: { status: RatingDecision; reply: string | null | undefined; at: Date; by: string }): Promise<Rating | null>;
  findById(id: string): Promise<Rating | null>;
}

/** The orders a rating is about: who owns one, whether it was delivered, what it holds. */
export interface RatableOrders {
  find(orderId: string): Promise<RatableOrder | null>;
}
