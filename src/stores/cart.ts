import { api } from "../lib/api-client.ts";
import { showToast, toastError } from "./toast.ts";
import { atom } from "nanostores";
import type { CartItemView } from "#read-models/shopping/shopping.views.ts";

/** Number of items in the visitor's cart, shared by the header badge and the cart islands. */
export const $cartCount = atom(0);

interface CartLineCount {
  quantity: number;
}

/** Units in a cart, as the header badge counts them. */
export function countOf(items: readonly CartLineCount[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/** The visitor's cart as the server has it now, its count given to the badge. */
export async function readCart(): Promise<CartItemView[]> {
  const items = await api.get<CartItemView[]>("/api/cart");
  $cartCount.set(countOf(items));
  return items;
}

/** Reads the visitor's cart once for the badge (on page load); a failure leaves the badge as it is. */
export async function refreshCartCount(): Promise<void> {
  try {
    await readCart();
  } catch (error) {
    console.error("cart count failed", error);
  }
}

export interface AddableProduct {
  id: string;
  name: string;
  price: string;
}

/**
 * Adds a product with the spec's toasts, updates the badge, then reports the cart activity (whose
 * failure is only logged, storefront.md section 7). Answers whether it was added.
 */
export async function addProductToCart(product: AddableProduct, quantity = 1): Promise<boolean> {
  try {
    await api.post("/api/cart", { productId: product.id, quantity });
  } catch (error) {
    toastError(error, "Failed to add item to cart");
    return false;
  }
  $cartCount.set($cartCount.get() + quantity);
  showToast({ title: "Added to cart", description: `${product.name} has been added to your cart` });
  api
    .post("/api/tracking/cart-activity", { productId: product.id, productName: product.name, quantity, price: product.price })
    .catch((error: unknown) => console.error("cart activity tracking failed", error));
  return true;
}
