/** An address waiting for a product to be back in stock (issue 36). */
export interface StockAlert {
  id: string;
  productId: string;
  email: string;
  status: StockAlertStatus;
  /** ISO-8601 UTC instant: the queue's order, first come first served. */
  createdAt: string;
  /** The item request staff linked to the product, when the alert came from one. */
  itemRequestId: string | null;
}

/** waiting: emailed at a restock; notified: emailed once, done; unsubscribed: its owner said no. */
export type StockAlertStatus = "waiting" | "notified" | "unsubscribed";

/** At most this many sign-ups per address or per client in the window: a brake on filling someone's inbox. */
export const STOCK_ALERT_RATE = { max: 5, windowMs: 60_000 } as const;

/**
 * Who of a product's waiting addresses hears about a restock of `units`: the earliest first, at
 * most one address per unit (telling more people than there are units sends most of them to a
 * sold-out page); the others wait for the next restock.
 */
export function firstComeFirstServed<T extends { createdAt: string; id: string }>(waiting: readonly T[], units: number): T[] {
  if (units <= 0) return [];
  return [...waiting].sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1)).slice(0, units);
}
