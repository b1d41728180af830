import { formatCents } from "#domain/shared/money.ts";
import type { CartItemView } from "#read-models/shopping/shopping.views.ts";
import { cents } from "./checkout-figures.ts";
import { FreeDeliveryRow, SumRow } from "../ui/sum-row.tsx";

/** The cart's lines as the checkout shows them. */
export function CheckoutItems({ items }: { items: readonly CartItemView[] }) {
  if (items.length === 0) return <p className="text-sm text-slate-300">Your cart is empty.</p>;
  return (
    <ul className="space-y-2 text-sm">
      {items.map((item) => (
        <li key={item.id} className="flex justify-between gap-3">
          <span className="min-w-0 break-words">
            {item.product.name} × {item.quantity}
          </span>
          <span className="shrink-0 whitespace-nowrap">${formatCents(cents(item.product.price) * item.quantity)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Subtotal, discount, total and, with store credit, what the payment is asked for (all in cents). */
export function CheckoutTotals({
  subtotal,
  code,
  discount,
  total,
  creditApplied,
  amountDue,
}: {
  subtotal: number;
  code: string | null;
  discount: number;
  total: number;
  creditApplied: number;
  amountDue: number;
}) {
  return (
    <dl className="space-y-2 border-t border-ink-700 pt-4 text-sm">
      <SumRow term="Subtotal">${formatCents(subtotal)}</SumRow>
      {code && (
        <SumRow term={`Discount (${code})`} className="text-emerald-300">
          -${formatCents(discount)}
        </SumRow>
      )}
      <FreeDeliveryRow />
      <SumRow term="Total" className="text-base font-bold" testId="checkout-total">
        ${formatCents(total)}
      </SumRow>
      {creditApplied > 0 && (
        <>
          <SumRow term="Store credit" className="text-emerald-300">
            -${formatCents(creditApplied)}
          </SumRow>
          <SumRow term="Amount due" className="text-base font-bold" testId="checkout-amount-due">
            ${formatCents(amountDue)}
          </SumRow>
        </>
      )}
    </dl>
  );
}
