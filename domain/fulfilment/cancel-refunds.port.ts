import type { RefundDestination } from "../payments/order-payment.ts";

/** A refund a cancellation owes: where the money goes (as the shopper chose, at the cancellation), and how often it was tried. */
export interface OwedRefund {
  orderId: string;
  destination: RefundDestination;
  attempts: number;
}

/**
 * The refunds cancellations owe, written in the cancellation's own transaction so that none is lost
 * between the cancel and the refund (a failed provider call, a process that stopped), and removed
 * once the refund path has made the refund.
 */
export interface CancelRefunds {
  /** Records that the order's cancellation owes a refund, to be tried at `dueAt` (once per order). */
  owe(refund: { orderId: string; destination: RefundDestination; dueAt: Date }): Promise<void>;
  /**
   * The next owed refund due at `now`, held for the caller until `holdUntil` (its due time moves
   * there and its attempts count up; rows others have locked are skipped); null when none is due.
   */
  claimDue(now: Date, holdUntil: Date): Promise<OwedRefund | null>;
  /** The refund path has made it: no longer owed. */
  paid(orderId: string): Promise<void>;
  /** It failed: tried again at `dueAt`. */
  postpone(orderId: string, dueAt: Date): Promise<void>;
}
