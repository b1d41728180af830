// How an order's status and payment look on the shopper's dashboard.
import type { OrderStageKind } from "../../lib/order-stage.ts";

/** storefront.md section 4: completed, pending and processing each have a style; anything else looks like pending. */
const BADGES: Record<string, string> = {
  completed: "bg-emerald-500/15 text-emerald-300 ring-emerald-500/40",
  pending: "bg-slate-500/20 text-slate-200 ring-slate-400/40",
  processing: "bg-transparent text-sky-300 ring-sky-400/60",
};

/** How the shopper's dashboard names a payment status that is not simply "paid". */
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

/** The badge of each step the dashboard names (src/lib/order-stage.ts), in the spec's three styles plus the open case. */
const STAGE_STYLES: Record<OrderStageKind, string> = {
  checking_payment: badgeStyle("pending"),
  paid: badgeStyle("pending"),
  delivering: badgeStyle("processing"),
  delivered: badgeStyle("completed"),
  case_open: "bg-amber-500/15 text-amber-200 ring-amber-400/50",
  cancelled: badgeStyle("pending"),
};

export function stageStyle(kind: OrderStageKind): string {
  return STAGE_STYLES[kind];
}
