import { useEffect, useState } from "react";
import { centsFromDecimal, formatCents } from "#domain/shared/money.ts";
import type { CartItemView } from "#read-models/shopping/shopping.views.ts";
import { api, errorMessage } from "../lib/api-client.ts";
import { takePaymentSucceeded } from "../lib/payment-flag.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { $cartCount, countOf, readCart } from "../stores/cart.ts";
import { toastError } from "../stores/toast.ts";
import { BusyButton } from "./ui/busy-button.tsx";
import { FreeDeliveryRow, SumRow } from "./ui/sum-row.tsx";

const cents = (price: string) => centsFromDecimal(price) ?? 0;

/**
 * The cart (storefront.md section 2): items, stepper, remove, summary, Proceed to Checkout. The
 * page's HTML is one shell for every visitor (kept by the page cache): the items are read
 * from GET /api/cart once the island runs, and until then it says so in the space they take.
 */
export default function CartPage() {
  const [items, setItems] = useState<CartItemView[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [justPaid, setJustPaid] = useState(false);
  const hydrated = useHydrated();

  useEffect(() => {
    readCart().then(setItems, (error: unknown) => setLoadError(errorMessage(error, "Your cart could not be loaded. Please reload the page.")));
  }, []);

  const empty = items !== null && items.length === 0;
  useEffect(() => {
    if (!empty) return;
    // An empty cart has nothing to show: back to the shop, unless a payment has just succeeded.
    if (takePaymentSucceeded()) setJustPaid(true);
    else window.location.replace("/");
  }, [empty]);

  function update(next: CartItemView[]) {
    setItems(next);
    $cartCount.set(countOf(next));
  }

  async function setQuantity(item: CartItemView, quantity: number) {
    setBusy(item.id);
    try {
      const updated = await api.patch<CartItemView>(`/api/cart/${encodeURIComponent(item.id)}`, { quantity });
      update((items ?? []).map((i) => (i.id === item.id ? updated : i)));
    } catch (error) {
      toastError(error, "Failed to update quantity");
    }
    setBusy(null);
  }

  async function remove(item: CartItemView) {
    setBusy(item.id);
    try {
      await api.delete(`/api/cart/${encodeURIComponent(item.id)}`);
      update((items ?? []).filter((i) => i.id !== item.id));
    } catch (error) {
      toastError(error, "Failed to remove item");
    }
    setBusy(null);
  }

  if (items === null) {
    return loadError ? (
      <p className="text-red-300" role="alert">
        {loadError}
      </p>
    ) : (
      <p className="text-slate-300" role="status" aria-busy="true">
        Loading your cart...
      </p>
    );
  }

  if (items.length === 0) {
    return justPaid ? (
      <section className="card mx-auto max-w-md p-8 text-center" aria-labelledby="paid-heading">
        <h2 id="paid-heading" className="text-2xl font-bold">
          Payment successful!
        </h2>
        <p className="mt-2 text-slate-300">Your order is on its way. Follow it on your dashboard.</p>
        <a href="/dashboard" className="btn-primary mt-6">
          Go to dashboard
        </a>
      </section>
    ) : (
      <p className="text-slate-300">Your cart is empty.</p>
    );
  }

  const subtotal = items.reduce((sum, item) => sum + cents(item.product.price) * item.quantity, 0);
  return (
    <div className="grid gap-8 lg:grid-cols-3">
      <ul className="space-y-4 lg:col-span-2" aria-label="Cart items">
        {items.map((item) => {
          const max = item.product.stock;
          const label = item.product.name;
          return (
            <li key={item.id} className="card flex gap-4 p-4">
              <img src={item.product.image} alt="" width="96" height="96" className="h-24 w-24 rounded-lg object-cover" />
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <a href={`/product/${item.productId}`} className="font-semibold hover:underline">
                      {label}
                    </a>
                    <p className="text-sm text-slate-300">
                      {item.product.gameName} · ${item.product.price} each
                    </p>
                    {max < item.quantity && <p className="text-sm text-amber-300">Only {max} available now</p>}
                  </div>
                  <p className="font-bold">${formatCents(cents(item.product.price) * item.quantity)}</p>
                </div>
                <div className="mt-auto flex items-center justify-between">
                  <div className="flex items-center gap-2" role="group" aria-label={`Quantity of ${label}`}>
                    <BusyButton
                      type="button"
                      className="btn-secondary px-3"
                      aria-label={`Decrease quantity of ${label}`}
                      busy={busy === item.id}
                      disabled={!hydrated || item.quantity <= 1}
                      onClick={() => setQuantity(item, item.quantity - 1)}
                    >
                      −
                    </BusyButton>
                    <span className="min-w-8 text-center font-semibold" aria-live="polite" data-testid="quantity">
                      {item.quantity}
                    </span>
                    <BusyButton
                      type="button"
                      className="btn-secondary px-3"
                      aria-label={`Increase quantity of ${label}`}
                      busy={busy === item.id}
                      disabled={!hydrated || item.quantity >= max}
                      onClick={() => setQuantity(item, item.quantity + 1)}
                    >
                      +
                    </BusyButton>
                  </div>
                  <BusyButton
                    type="button"
                    className="text-sm text-red-300 hover:underline disabled:opacity-50"
                    busy={busy === item.id}
                    disabled={!hydrated}
                    onClick={() => remove(item)}
                  >
                    Remove<span className="sr-only"> {label}</span>
                  </BusyButton>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <aside className="card h-fit p-6" aria-labelledby="summary-heading">
        <h2 id="summary-heading" className="text-lg font-bold">
          Order Summary
        </h2>
        <dl className="mt-4 space-y-2 text-sm">
          <SumRow term="Subtotal">${formatCents(subtotal)}</SumRow>
          <FreeDeliveryRow />
          <SumRow term="Total" className="border-t border-ink-700 pt-2 text-base font-bold" testId="cart-total">
            ${formatCents(subtotal)}
          </SumRow>
        </dl>
        <a href="/checkout" className="btn-primary mt-6 w-full py-3">
          Proceed to Checkout
        </a>
      </aside>
    </div>
  );
}

// Rendered on the server it is the loading line alone: its HTML is a function of its props (none).
CartPage.rendersFromPropsAlone = true;
