import { $cartCount, refreshCartCount } from "../stores/cart.ts";

/**
 * The header's cart link (src/components/CartLink.astro): plain HTML in the page, its badge and
 * accessible name (its text: "Cart 2 items") kept up to date here from the cart count every island shares. It was a React
 * island rendered on the server for every uncached page (issue 22). The count is read from the
 * server when the browser is idle, as the island's hydration did.
 */
export function bindCartLink(): void {
  const links = document.querySelectorAll<HTMLAnchorElement>("a[data-cart-link]");
  if (links.length === 0) return;
  $cartCount.subscribe((count) => {
    for (const link of links) {
      const badge = link.querySelector<HTMLElement>("[data-cart-count]");
      const unit = link.querySelector<HTMLElement>("[data-cart-count-unit]");
      if (badge) {
        badge.textContent = count > 0 ? String(count) : "";
        badge.hidden = count <= 0;
      }
      if (unit) {
        unit.textContent = count === 1 ? " item" : " items";
        unit.hidden = count <= 0;
      }
    }
  });
  const refresh = () => void refreshCartCount();
  if ("requestIdleCallback" in window) requestIdleCallback(refresh);
  else setTimeout(refresh, 200);
}
