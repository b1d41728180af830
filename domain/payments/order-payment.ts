import type { Cents } from "../shared/money.ts";

export const REFUND_DESTINATIONS = ["payment", "store_credit"] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

/** pending: asked of the provider and not yet confirmed; failed: the provider refused, nothing moved. */
export type RefundStatus = "pending" | "completed" | "failed";

export interface Refund {
  id: string;
  orderId: string;
  amount: Cents;
  destination: RefundDestination;
  status: RefundStatus;
  reason: string;
  /** The administrator's Idempotency-Key (null when none was sent, or for a refund made at the provider). */
  idempotencyKey: string | null;
  /** The provider's refund id (refunds to the payment). */
  providerRefundId: string | null;
  /** The administrator who refunded; null for one made at the provider. */
  actorId: string | null;
  createdAt: Date;
}

/** What can still be refunded: of the total, and of what the payment took (the rest was store credit). */
export function refundable(order: { total: Cents; creditApplied: Cents; refunded: Cents; refundedToPayment: Cents }): {
  total: Cents;
  toPayment: Cents;
} {
  const total = Math.max(0, order.total - order.refunded);
  const paidWithMoney = Math.max(0, order.total - order.creditApplied);
  return { total, toPayment: Math.max(0, Math.min(total, paidWithMoney - order.refundedToPayment)) };
}

/** What happened to an order's payment, as its history shows it. */
export type PaymentHistoryKind = "paid" | "awaiting" | "denied" | "refunded" | "refund_failed" | "reversed" | "dispute_opened" | "dispute_resolved";

export interface PaymentHistoryEntry {
  orderId: string;
  kind: PaymentHistoryKind;
  amount: Cents | null;
  note: string;
  at: Date;
}
