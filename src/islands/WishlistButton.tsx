import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { useHydrated } from "../lib/use-hydrated.ts";
import { $wishlist, addToWishlist, loadWishlist, removeFromWishlist } from "../stores/wishlist.ts";

/** The heart on a product card: adds to or removes from the wishlist (one load per page for all cards). */
export default function WishlistButton({ product }: { product: { id: string; name: string } }) {
  const hydrated = useHydrated();
  const wishlist = useStore($wishlist);
  const wished = wishlist?.find((item) => item.productId === product.id);
  useEffect(() => void loadWishlist(), []);
  return (
    <button
      type="button"
      className="rounded-full bg-ink-950/80 p-1.5 text-lg leading-none text-white hover:bg-ink-800 disabled:opacity-60"
      aria-label={wished ? `Remove ${product.name} from wishlist` : `Add ${product.name} to wishlist`}
      aria-pressed={Boolean(wished)}
      disabled={!hydrated || wishlist === null}
      onClick={() => (wished ? removeFromWishlist(wished) : addToWishlist(product))}
    >
      <span aria-hidden="true">{wished ? "♥" : "♡"}</span>
    </button>
  );
}
