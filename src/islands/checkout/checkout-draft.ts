import type { AppliedDiscountView } from "#read-models/shopping/checkout.views.ts";
import type { CartItemView } from "#read-models/shopping/shopping.views.ts";

/**
 * What the shopper filled in at checkout, kept in the tab's sessionStorage so that a reload (a
 * phone that dropped the page, a pull to refresh) keeps the Roblox username and the applied code.
 * It belongs to one cart: a cart with other lines or quantities starts afresh (the code's minimum
 * and the totals were for the old one), and placing the order clears it. sessionStorage, not
 * localStorage: it ends with the tab, so a shared computer does not offer the next person's
 * checkout the last one's Roblox account.
 */
export interface CheckoutDraft {
  robloxUsername: string;
  code: AppliedDiscountView | null;
}

const KEY = "checkoutDraft";

/** The cart the draft was written for: its lines and quantities, in a stable order. */
export function cartFingerprint(items: readonly Pick<CartItemView, "id" | "productId" | "quantity">[]): string {
  return items
    .map((item) => `${item.id}:${item.productId}:${item.quantity}`)
    .sort()
    .join(",");
}

export function readCheckoutDraft(cart: string): CheckoutDraft | null {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(KEY) ?? "null") as (CheckoutDraft & { cart?: unknown }) | null;
    if (!stored || stored.cart !== cart || typeof stored.robloxUsername !== "string") return null;
    return { robloxUsername: stored.robloxUsername, code: stored.code && typeof stored.code.id === "string" ? stored.code : null };
  } catch {
    return null;
  }
}

export function writeCheckoutDraft(cart: string, draft: CheckoutDraft): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ cart, ...draft }));
  } catch {
    // Storage unavailable: a reload asks again, as before.
  }
}

export function clearCheckoutDraft(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
