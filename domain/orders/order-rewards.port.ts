import type { Cents } from "../shared/money.ts";

/**
 * What ordering asks of the rewards module inside its own transaction (docs/decisions.md, "Wiring
 * rewards into orders and checkout"). Every call is idempotent per order, so calling it on every
 * such transition is safe.
 */
export interface OrderRewards {
  /** The order is completed: purchase points for `paid` (total less store credit), referral success. */
  orderCompleted(order: { userId: string; orderId: string; paid: Cents }): Promise<void>;
  /** The order is cancelled: the purchase points it still holds are taken back. */
  orderCancelled(order: { userId: string; orderId: string }): Promise<void>;
  /** The user's store credit in cents (0 when negative or unknown). */
  storeCreditBalance(userId: string): Promise<Cents>;
  /**
   * Part of the order was refunded (or all of it, or the payment was reversed): the purchase points
   * it holds are brought down to what `netPaid` (the money paid net of refunds) earns. Idempotent:
   * a second call with the same netPaid changes nothing.
   */
  orderRefunded(order: { userId: string; orderId: string; netPaid: Cents }): Promise<void>;
  /** Gives store credit back for a refund (once per refund id). */
  giveStoreCredit(input: { userId: string; refundId: string; amount: Cents; actorId: string | null }): Promise<void>;
  /**
   * The order was late: `points` for the shopper, once per order (the ledger refuses a second);
   * false when it had them already or the shopper's account is gone.
   */
  lateDeliveryCompensation(order: { userId: string; orderId: string; points: number }): Promise<boolean>;
  /** The order is placed with store credit: takes it from the balance; a 409 when it no longer covers it. */
  spendStoreCredit(order: { userId: string; orderId: string; creditApplied: Cents }): Promise<void>;
}
