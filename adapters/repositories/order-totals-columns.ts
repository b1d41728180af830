import type { OrderTotals } from "#domain/orders/order-totals.ts";

/** The totals columns a checkout row and an order row share, in cents. */
interface TotalsColumns {
  subtotalCents: number;
  discountCodeId: string | null;
  discountCode: string | null;
  discountCents: number;
  totalCents: number;
  creditAppliedCents: number;
}

export function totalsOf(row: TotalsColumns): OrderTotals {
  return {
    subtotal: row.subtotalCents,
    discountCodeId: row.discountCodeId,
    discountCode: row.discountCode,
    discount: row.discountCents,
    total: row.totalCents,
    creditApplied: row.creditAppliedCents,
  };
}
