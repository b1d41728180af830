import { medianOfCounts, type MinuteCounts } from "./delivery-performance.ts";

/**
 * The shop's own delivery time, measured, as the product page shows it beside the promise: the
 * median minutes a shopper waited for the shop over the last MEASURED_DELIVERY_DAYS days (today
 * included), for the product when it has at least MEASURED_DELIVERY_MIN_DELIVERIES deliveries in
 * them, else for its game under the same bar, else nothing (the page shows the promise alone).
 */
export const MEASURED_DELIVERY_DAYS = 30;

/**
 * Below this many deliveries in the window a median says more about a few orders than about the
 * shop: a product's first slow trade would be its "usual" time.
 */
export const MEASURED_DELIVERY_MIN_DELIVERIES = 10;

export interface MeasuredDelivery {
  /** Whose deliveries: the product's own, or its game's (the product had too few). */
  scope: "product" | "game";
  /** Whole minutes (the median of an even count may fall between two: rounded). */
  medianMinutes: number;
  deliveries: number;
}

const deliveriesOf = (counts: MinuteCounts) => counts.reduce((sum, c) => sum + Math.max(0, c.deliveries), 0);

/**
 * The product's median when it has enough deliveries, else the game's, else null. A null `game`
 * (not read: the product's own may do) is passed over.
 */
export function measuredDelivery(product: MinuteCounts, game: MinuteCounts | null): MeasuredDelivery | null {
  for (const [scope, counts] of [
    ["product", product],
    ["game", game],
  ] as const) {
    if (counts === null) continue;
    const deliveries = deliveriesOf(counts);
    const median = medianOfCounts(counts);
    if (deliveries >= MEASURED_DELIVERY_MIN_DELIVERIES && median !== null) return { scope, medianMinutes: Math.round(median), deliveries };
  }
  return null;
}

/**
 * The minutes a shopper waited for the shop: from payment to delivery, less the time staff waited
 * for the buyer to come into the game ("Waiting for buyer" until "I'm ready", or until the
 * delivery when it came first), rounded up to whole minutes as OrderDelivered's `minutes` are.
 * Time held for a payment check and time outside the staffed hours count: the shopper waited
 * for the shop then.
 */
export function minutesWaitedForShop(paidAt: Date, deliveredAt: Date, buyerWaitMs: number): number {
  return Math.max(0, Math.ceil((deliveredAt.getTime() - paidAt.getTime() - Math.max(0, buyerWaitMs)) / 60_000));
}
