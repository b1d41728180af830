/** A product a shopper keeps for later. A wishlist holds each product at most once. */
export interface WishlistItem {
  id: string;
  productId: string;
}

/**
 * At sign-in the guest's wishlist joins the account's without duplicates: items of products the
 * user already keeps are dropped, the others move to the user.
 */
export function planWishlistMerge(guest: readonly WishlistItem[], user: readonly WishlistItem[]): { move: string[]; remove: string[] } {
  const kept = new Set(user.map((item) => item.productId));
  const move: string[] = [];
  const remove: string[] = [];
  for (const item of guest) {
    if (kept.has(item.productId)) remove.push(item.id);
    else {
      kept.add(item.productId);
      move.push(item.id);
    }
  }
  return { move, remove };
}
