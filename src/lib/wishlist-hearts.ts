import { $wishlist, addToWishlist, loadWishlist, removeFromWishlist } from "../stores/wishlist.ts";

const SELECTOR = "button[data-wishlist-product]";

/**
 * The hearts on product cards (src/components/ProductCards.astro): plain buttons in the page's HTML
 * bound here once per page, rather than one React island per card. A game page has a dozen cards;
 * as islands each was rendered by React on the server and hydrated in the browser, which was the
 * largest share of an uncached page's rendering (issue 22). One wishlist load serves every heart.
 */
export function bindWishlistHearts(): void {
  const hearts = () => document.querySelectorAll<HTMLButtonElement>(SELECTOR);
  if (hearts().length === 0) return;

  $wishlist.subscribe((wishlist) => {
    for (const heart of hearts()) {
      const name = heart.dataset["productName"] ?? "";
      const wished = wishlist?.some((item) => item.productId === heart.dataset["wishlistProduct"]) ?? false;
      heart.disabled = wishlist === null;
      heart.setAttribute("aria-pressed", String(wished));
      heart.setAttribute("aria-label", wished ? `Remove ${name} from wishlist` : `Add ${name} to wishlist`);
      const glyph = heart.querySelector("span");
      if (glyph) glyph.textContent = wished ? "♥" : "♡";
    }
  });

  document.addEventListener("click", (event) => {
    const heart = event.target instanceof Element ? event.target.closest<HTMLButtonElement>(SELECTOR) : null;
    if (!heart || heart.disabled) return;
    const productId = heart.dataset["wishlistProduct"] ?? "";
    const name = heart.dataset["productName"] ?? "";
    const wished = $wishlist.get()?.find((item) => item.productId === productId);
    // One change at a time per heart: a double click must not add and remove in a race.
    heart.disabled = true;
    const change = wished ? removeFromWishlist(wished) : addToWishlist({ id: productId, name });
    void change.finally(() => (heart.disabled = false));
  });

  void loadWishlist();
}
