import type { Cents } from "../shared/money.ts";

/**
 * The payment's own status beside the order's (issue 18):
 * - awaiting: the provider holds the payment for review (a PENDING capture); nothing is delivered yet;
 * - paid: the money is in; partially_refunded / refunded: some or all of the order's total went back
 *   (to the payment or as store credit);
 * - reversed: the provider took the money back (a chargeback or reversal);
 * - denied: the provider refused a payment that was awaiting review; the order was cancelled.
 */
export const PAYMENT_STATUSES = ["awaiting", "paid", "partially_refunded", "refunded", "reversed", "denied"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const DISPUTE_STATUSES = ["open", "resolved"] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

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
