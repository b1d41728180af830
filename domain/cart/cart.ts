import { badQuantity, notEnoughStock, outOfStock } from "./cart.errors.ts";

/** One product in a cart. A cart holds at most one line per product. */
export interface CartLine {
  id: string;
  productId: string;
  quantity: number;
}

/** The product as the cart needs it; `available` is its stock minus what others hold at checkout. */
export interface CartProduct {
  id: string;
  name: string;
  available: number;
}

export function isValidQuantity(quantity: number): boolean {
  return Number.isSafeInteger(quantity) && quantity >= 1;
}

/**
 * Adding a product: the quantity goes onto its existing line, and the line may not exceed what is
 * available (storefront.md: quantity from 1 to the product's stock). Answers the line's new quantity.
 */
export function decideAddToCart(product: CartProduct, inCart: number, requested: number): number {
  if (!isValidQuantity(requested)) throw badQuantity();
  if (product.available <= 0) throw outOfStock(product.name);
  const quantity = inCart + requested;
  if (quantity > product.available) throw notEnoughStock(product.name, product.available, inCart);
  return quantity;
}

/** Setting a line's quantity with the stepper: 1 up to what is available. */
export function decideSetQuantity(product: CartProduct, quantity: number): number {
  if (!isValidQuantity(quantity)) throw badQuantity();
  if (product.available <= 0) throw outOfStock(product.name);
  if (quantity > product.available) throw notEnoughStock(product.name, product.available, 0);
  return quantity;
}

export interface CartMergePlan {
  /** User lines whose quantity grows by the guest's line of the same product. */
  update: { id: string; quantity: number }[];
  /** Guest lines that become the user's, with their (possibly capped) quantity. */
  move: { id: string; quantity: number }[];
  /** Guest lines folded into a user line. */
  remove: string[];
}

/**
 * At sign-in the guest's cart joins the account's: a product in both becomes one line with the
 * quantities added; quantities are capped at what is available. A line of a product that is out of
 * stock is kept as it was (the cart shows it and checkout refuses it) rather than silently dropped.
 */
export function planCartMerge(guest: readonly CartLine[], user: readonly CartLine[], available: (productId: string) => number): CartMergePlan {
  const plan: CartMergePlan = { update: [], move: [], remove: [] };
  const userLines = new Map(user.map((line) => [line.productId, line]));
  for (const line of guest) {
    const limit = available(line.productId);
    const existing = userLines.get(line.productId);
    if (existing) {
      plan.remove.push(line.id);
      const merged = limit >= 1 ? Math.max(Math.min(existing.quantity + line.quantity, limit), 1) : existing.quantity;
      if (merged !== existing.quantity) plan.update.push({ id: existing.id, quantity: merged });
    } else {
      plan.move.push({ id: line.id, quantity: limit >= 1 ? Math.min(line.quantity, limit) : line.quantity });
    }
  }
  return plan;
}
