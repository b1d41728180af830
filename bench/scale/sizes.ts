/**
 * How big the grown shop of issue 33 is at SCALE=1: 20,000 products (2,000 of them in Blox
 * Fruits), 100,000 accounts, 500,000 orders over a year (2,000 of them one loyal shopper's) and
 * 1,000,000 tracked analytics events (page views and cart adds; the events orders and sign-ups
 * append come on top). SCALE=0.01 is a quick run with the same proportions.
 */
export interface ScaleSizes {
  scale: number;
  /** Products in all, the demo catalogue's included. */
  products: number;
  /** Products of the Blox Fruits game, its demo products included. */
  bloxFruitsProducts: number;
  /** Shopper accounts, the loyal shopper included. */
  users: number;
  orders: number;
  /** Orders of the one loyal shopper (the dashboard's and /api/orders' worst case). */
  loyalOrders: number;
  /** PageViewed and CartItemAdded events, as the storefront's tracker appends them. */
  trackedEvents: number;
  /** Days the orders, sign-ups and visits are spread over, ending at the build's time. */
  days: number;
  /** The newest orders, paid minutes before the build and not started: the delivery queue. */
  queuedOrders: number;
}

export const FULL_SIZE = {
  products: 20_000,
  bloxFruitsProducts: 2_000,
  users: 100_000,
  orders: 500_000,
  loyalOrders: 2_000,
  trackedEvents: 1_000_000,
} as const;

/** The sizes at `scale` (0 < scale <= 10); each count is at least what a meaningful run needs. */
export function scaleSizes(scale: number): ScaleSizes {
  if (!Number.isFinite(scale) || scale <= 0 || scale > 10) throw new Error(`SCALE=${scale} is invalid: must be a number in (0, 10]`);
  const of = (full: number, least: number) => Math.max(least, Math.round(full * scale));
  const orders = of(FULL_SIZE.orders, 50);
  return {
    scale,
    products: of(FULL_SIZE.products, 200),
    bloxFruitsProducts: of(FULL_SIZE.bloxFruitsProducts, 40),
    users: of(FULL_SIZE.users, 20),
    orders,
    loyalOrders: Math.min(orders, of(FULL_SIZE.loyalOrders, 10)),
    trackedEvents: of(FULL_SIZE.trackedEvents, 100),
    days: 365,
    queuedOrders: Math.min(40, Math.max(2, Math.round(orders / 10_000))),
  };
}
