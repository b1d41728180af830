import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { $cartCount, refreshCartCount } from "../stores/cart.ts";

export default function CartLink() {
  const count = useStore($cartCount);
  // The badge starts from the server's cart on every page load; islands then keep it live.
  useEffect(() => void refreshCartCount(), []);
  return (
    <a href="/cart" className="btn-secondary relative" aria-label={count > 0 ? `Cart, ${count} items` : "Cart"}>
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M3 3h2l2.4 12.2a2 2 0 0 0 2 1.6h8.8a2 2 0 0 0 2-1.6L21 7H6" />
        <circle cx="10" cy="20" r="1" />
        <circle cx="18" cy="20" r="1" />
      </svg>
      <span className="hidden sm:inline">Cart</span>
      {count > 0 && (
        <span className="absolute -right-2 -top-2 min-w-5 rounded-full bg-brand-500 px-1.5 text-center text-xs font-bold text-white">{count}</span>
      )}
    </a>
  );
}
