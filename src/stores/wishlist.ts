import { atom } from "nanostores";
import { api, ApiError } from "../lib/api-client.ts";
import type { WishlistItemView } from "#read-models/shopping/shopping.views.ts";
import { showToast } from "./toast.ts";

/** The visitor's wishlist, shared by every heart button on the page; null until loaded. */
export const $wishlist = atom<WishlistItemView[] | null>(null);

let loading: Promise<void> | null = null;

/** Loads the wishlist once per page, however many buttons ask. */
export function loadWishlist(): Promise<void> {
  loading ??= api
    .get<WishlistItemView[]>("/api/wishlist")
    .then((items) => $wishlist.set(items))
    .catch((error: unknown) => {
      loading = null;
      console.error("wishlist failed to load", error);
    });
  return loading;
}

export function wishlistItemOf(productId: string): WishlistItemView | undefined {
  return $wishlist.get()?.find((item) => item.productId === productId);
}

/** Adds with the spec's failure toast (Failed to add / Could not add item to wishlist). */
export async function addToWishlist(product: { id: string; name: string }): Promise<void> {
  try {
    const item = await api.post<WishlistItemView>("/api/wishlist", { productId: product.id, userId: null });
    $wishlist.set([...($wishlist.get() ?? []).filter((i) => i.id !== item.id), item]);
    showToast({ title: "Added to wishlist", description: `${product.name} is in your wishlist` });
  } catch (error) {
    console.error("wishlist add failed", error instanceof ApiError ? error.message : error);
    showToast({ title: "Failed to add", description: "Could not add item to wishlist", variant: "destructive" });
  }
}

/** Removes with the spec's failure toast (Failed to remove / Could not remove item from wishlist). */
export async function removeFromWishlist(item: { id: string; product: { name: string } }): Promise<void> {
  try {
    await api.delete(`/api/wishlist/${encodeURIComponent(item.id)}`);
    $wishlist.set(($wishlist.get() ?? []).filter((i) => i.id !== item.id));
    showToast({ title: "Removed from wishlist", description: `${item.product.name} was removed from your wishlist` });
  } catch (error) {
    console.error("wishlist remove failed", error instanceof ApiError ? error.message : error);
    showToast({ title: "Failed to remove", description: "Could not remove item from wishlist", variant: "destructive" });
  }
}
