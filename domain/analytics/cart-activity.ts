import type { Cents } from "../shared/money.ts";
import type { StoredEvent } from "./events.ts";

type CartItemAdded = Extract<StoredEvent, { type: "CartItemAdded" }>;

/**
 * What one shopper (a user, or a guest by visitor id) added of one product, as the new customers
 * panel shows it.
 *
 * Two sources report the same add: the cart itself, server-side, in the transaction that adds the
 * line (payload without `source`), and the storefront's POST /api/tracking/cart-activity after
 * the add (source "tracker"). They are summed separately and the line shows the larger sum, so an
 * add is counted once whether both sources report it, only the cart (the tracker blocked or not
 * run), or only the tracker (before the cart records events). See docs/analytics.md.
 */
export interface CartLine {
  ownerKey: string;
  productId: string;
  productName: string;
  /** The unit price of the latest add. */
  price: Cents;
  cartQuantity: number;
  trackerQuantity: number;
  /** ISO instant of the latest add. */
  lastAddedAt: string;
}

/** Whose cart an add belongs to: the signed-in user, else the guest's visitor id. */
export function cartOwnerKey(event: Pick<StoredEvent, "visitorId" | "userId">): string | null {
  if (event.userId) return userOwnerKey(event.userId);
  return event.visitorId ? visitorOwnerKey(event.visitorId) : null;
}

export const userOwnerKey = (userId: string) => `user:${userId}`;
export const visitorOwnerKey = (visitorId: string) => `visitor:${visitorId}`;

/** The line after this add (null when the add has no owner). */
export function evolveCartLine(state: CartLine | undefined, event: CartItemAdded): CartLine | null {
  const ownerKey = cartOwnerKey(event);
  if (!ownerKey) return null;
  const { productId, productName, quantity, price, source } = event.payload;
  const fromTracker = source === "tracker";
  return {
    ownerKey,
    productId,
    productName,
    price,
    cartQuantity: (state?.cartQuantity ?? 0) + (fromTracker ? 0 : quantity),
    trackerQuantity: (state?.trackerQuantity ?? 0) + (fromTracker ? quantity : 0),
    lastAddedAt: event.occurredAt.toISOString(),
  };
}

/** How many units the line counts: the larger of the two sources' sums. */
export function lineQuantity(line: Pick<CartLine, "cartQuantity" | "trackerQuantity">): number {
  return Math.max(line.cartQuantity, line.trackerQuantity);
}

export interface CartActivity {
  productId: string;
  productName: string;
  quantity: number;
  price: Cents;
}

/**
 * A customer's cart activity from their lines (as a guest before registering and as a user): one
 * entry per product, quantities added up, name and price of the latest add; oldest first.
 */
export function customerCartActivity(lines: readonly CartLine[]): { activities: CartActivity[]; totalCartValue: Cents } {
  const byProduct = new Map<string, CartActivity & { lastAddedAt: string }>();
  for (const line of [...lines].sort((a, b) => (a.lastAddedAt < b.lastAddedAt ? -1 : a.lastAddedAt > b.lastAddedAt ? 1 : 0))) {
    const seen = byProduct.get(line.productId);
    byProduct.set(line.productId, {
      productId: line.productId,
      productName: line.productName,
      price: line.price,
      quantity: (seen?.quantity ?? 0) + lineQuantity(line),
      lastAddedAt: line.lastAddedAt,
    });
  }
  const activities = [...byProduct.values()]
    .sort((a, b) => (a.lastAddedAt < b.lastAddedAt ? -1 : a.lastAddedAt > b.lastAddedAt ? 1 : 0))
    .map(({ lastAddedAt: _, ...activity }) => activity);
  return { activities, totalCartValue: activities.reduce((sum, a) => sum + a.quantity * a.price, 0) };
}
