import type { Cents } from "../shared/money.ts";
import type { PaymentHistoryEntry, Refund, RefundStatus } from "./order-payment.ts";
import { type DisputeStatus, type PaymentStatus } from "../orders/order.ts";

/** A payment awaiting the provider, leased to the process that asks about it. */
export interface PaymentCheck {
  orderId: string;
  captureId: string;
  attempts: number;
  /** The order's provider (dueChecks says it): the one asked about the payment. */
  provider?: string | null;
}

/** A captured payment that became no order, still to refund. */
export interface QueuedRefund {
  captureId: string;
  amount: Cents;
  reason: string;
  attempts: number;
  /** The provider that took the payment (null on refunds queued before providers were recorded: the default one). */
  provider: string | null;
}

/**
 * The payment side of orders: refunds, payment status, history, processed webhook events and the
 * reconciliation queue. Handed out by a unit of work: everything happens in its transaction.
 */
export interface OrderPaymentRepository {
  /**
   * Records a refund unless the order already has one with the same idempotency key (or the same
   * provider refund id); false then, with nothing changed. Of two racing inserts with one key, one
   * is recorded and the other answers false once the first committed.
   */
  addRefund(refund: Refund): Promise<boolean>;
  refundByKey(orderId: string, idempotencyKey: string): Promise<Refund | null>;
  refundByProviderId(providerRefundId: string): Promise<Refund | null>;
  /** The order's refunds, oldest first (empty when none). */
  refundsOf(orderId: string): Promise<Refund[]>;
  setRefundStatus(refundId: string, status: RefundStatus, providerRefundId: string | null): Promise<void>;
  /**
   * Adds `amount` to the order's refunded total (and, for a refund to the payment, to what went to
   * the payment) in one conditional update: only while the refunded total stays within `maxTotal`
   * and what went to the payment within `maxToPayment`. False, with nothing changed, otherwise:
   * two racing refunds cannot together give back more than the order took. A negative amount
   * takes a failed refund's reservation back.
   */
  addRefunded(orderId: string, amount: Cents, toPayment: boolean, limits: { maxTotal: Cents; maxToPayment: Cents }): Promise<boolean>;
  /** Sets the payment status if it is one of `from`; false when it is not (someone else got there first). */
  setPaymentStatus(orderId: string, from: readonly PaymentStatus[], to: PaymentStatus, at: Date): Promise<boolean>;
  /** Sets the dispute state; false when it already was `to`. */
  setDispute(orderId: string, to: DisputeStatus, at: Date): Promise<boolean>;
  addHistory(entry: PaymentHistoryEntry): Promise<void>;
  /** Records a webhook event id; false when it was recorded before (the event was processed). */
  markEventProcessed(eventId: string, type: string, at: Date): Promise<boolean>;
  /** Queues the payment for reconciliation at `dueAt` (again at `dueAt` when queued already). */
  scheduleCheck(orderId: string, captureId: string, dueAt: Date): Promise<void>;
  /** Up to `limit` checks due by `dueBy` that no one holds a lease on at `now` (candidates: claim each). */
  dueChecks(input: { now: Date; dueBy: Date; limit: number }): Promise<PaymentCheck[]>;
  /**
   * Leases the check to `worker` until `leaseUntil` with one conditional update (only if no one
   * holds a lease unexpired at `now`): across processes, a check is held by one process at a time.
   * Answers the check with its attempts counted, or null when someone else holds it or it is gone.
   */
  claimCheck(orderId: string, input: { now: Date; leaseUntil: Date; worker: string }): Promise<PaymentCheck | null>;
  /**
   * Queues the refund of a captured payment that became no order, for when the provider allows it
   * (a capture under review cannot be refunded yet). Once per capture: queuing it again changes nothing.
   */
  queueRefund(input: { captureId: string; amount: Cents; reason: string; dueAt: Date; at: Date; provider: string | null }): Promise<void>;
  /** Up to `limit` queued refunds due by `dueBy` that no one holds a lease on at `now`. */
  dueRefunds(input: { now: Date; dueBy: Date; limit: number }): Promise<QueuedRefund[]>;
  /** Leases a queued refund to `worker` (as claimCheck); null when someone else holds it or it is gone. */
  claimRefund(captureId: string, input: { now: Date; leaseUntil: Date; worker: string }): Promise<QueuedRefund | null>;
  /** The refund was made (or is not needed): off the queue. */
  finishRefund(captureId: string): Promise<void>;
  /** Tries again at `dueAt`, releasing the lease. */
  postponeRefund(captureId: string, dueAt: Date): Promise<void>;
  /** The payment is settled: no more checks. */
  finishCheck(orderId: string): Promise<void>;
  /** Asks again at `dueAt`, releasing the lease. */
  postponeCheck(orderId: string, dueAt: Date): Promise<void>;
}
