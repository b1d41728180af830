// How an order's status and payment look on the shopper's dashboard.

/** storefront.md section 4: completed, pending and processing each have a style; anything else looks like pending. */
const BADGES: Record<string, string> = {
  completed: "bg-emerald-500/15 text-emerald-300 ring-emerald-500/40",
  pending: "bg-slate-500/20 text-slate-200 ring-slate-400/40",
  processing: "bg-transparent text-sky-300 ring-sky-400/60",
};

/** How the shopper's dashboard names a payment status that is not simply "paid" (issue 18). */
export const PAYMENT_LABELS: Record<string, string> = {
  awaiting: "Payment in review",
  partially_refunded: "Partly refunded",
  refunded: "Refunded",
  reversed: "Payment reversed",
  denied: "Payment denied",
};

export function badgeStyle(status: string): string {
  return BADGES[status] ?? BADGES["pending"]!;
}
