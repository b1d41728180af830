/**
 * A buyer's rating of a product they received: 1 to 5 stars and an optional comment,
 * once per order and product. It waits for staff (pending) and shows on the product page only once
 * published; staff may hide it again and answer it publicly.
 */
export const RATING_STATUSES = ["pending", "published", "hidden"] as const;
export type RatingStatus = (typeof RATING_STATUSES)[number];
export type RatingDecision = Exclude<RatingStatus, "pending">;

export interface Rating {
  id: string;
  orderId: string;
  productId: string;
  userId: string;
  stars: number;
  comment: string | null;
  status: RatingStatus;
  reply: string | null;
  createdAt: Date;
  moderatedAt: Date | null;
  moderatedBy: string | null;
}

/** The longest comment or reply kept, in characters (after cleaning). */
export const MAX_RATING_TEXT = 1000;

export function isStars(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= 5;
}

// Control characters (but the line feed) and the invisible direction overrides a comment could
// use to make its text read differently from what is stored.
// eslint-disable-next-line no-control-regex
const UNWANTED = /[\u0000-\u0009\u000B-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g;

/**
 * A comment or reply as stored: plain text (the pages escape it; no HTML is ever rendered from it),
 * line endings as "\n", without control characters, at most two line breaks in a row, trimmed;
 * null when nothing is left.
 */
export function cleanRatingText(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const cleaned = text
    .replace(/\r\n?/g, "\n")
    .replace(UNWANTED, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return cleaned === "" ? null : cleaned;
}

/** What a shopper may rate: an order of theirs that was delivered and not cancelled since. */
export interface RatableOrder {
  id: string;
  userId: string;
  status: string;
  deliveredAt: Date | null;
  /** Confirm receipt's answer: "not_received" is an open case until a new delivery clears it. */
  receipt: string | null;
  productIds: readonly string[];
}

export function isDelivered(order: RatableOrder): boolean {
  return order.deliveredAt !== null && order.status !== "cancelled";
}

/** The shopper told us this delivered order did not arrive, and no new delivery has cleared it. */
export function hasOpenCase(order: RatableOrder): boolean {
  return order.receipt === "not_received";
}
