import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { useHydrated } from "../lib/use-hydrated.ts";
import { addProductToCart } from "../stores/cart.ts";
import { $wishlist, addToWishlist, loadWishlist, removeFromWishlist } from "../stores/wishlist.ts";

interface Props {
  product: { id: string; name: string; price: string; stock: number };
}

/** The product page's Add to Cart (disabled at stock 0) and wishlist action, with the spec's toasts. */
export default function ProductActions({ product }: Props) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const wishlist = useStore($wishlist);
  const wished = wishlist?.find((item) => item.productId === product.id);
  const available = product.stock > 0;
  useEffect(() => void loadWishlist(), []);

  return (
    <>
      <button
        type="button"
        className="btn-primary px-6 py-3 text-base"
        disabled={!available || !hydrated}
        // Busy, it stays focusable: a disabled button would drop the keyboard's focus to <body>.
        aria-disabled={busy || undefined}
        onClick={async () => {
          if (busy) return;
          setBusy(true);
          await addProductToCart(product, 1);
          setBusy(false);
        }}
      >
        {available ? (busy ? "Adding..." : "Add to Cart") : "Out of Stock"}
      </button>
      <button
        type="button"
        className="btn-secondary px-6 py-3 text-base"
        aria-pressed={Boolean(wished)}
        disabled={!hydrated || wishlist === null}
        onClick={() => (wished ? removeFromWishlist(wished) : addToWishlist(product))}
      >
        <span aria-hidden="true">{wished ? "♥" : "♡"}</span>
        {wished ? "In Wishlist" : "Add to Wishlist"}
      </button>
    </>
  );
}
