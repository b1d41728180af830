import type { Cents } from "../shared/money.ts";
import type { OrderStatus } from "../orders/order.ts";
import { type DisputeStatus, type PaymentStatus } from "../orders/order.ts";

/**
 * The one table of what may happen to an order's money (as Vendure's payment-state.ts keeps its
 * payment state machine): each payment status and the statuses it may become. Every write of a
 * payment status asks this table, as the "from" of its conditional update (statusesBefore) or before
 * it decides (mayBecome); a change it does not list never happens, however a webhook, reconciliation
 * or an administrator arrive.
 * - pending: a capture the provider holds for review starts as awaiting (orderFromCheckout);
 *   capture: awaiting → paid (a capture completed at once starts as paid);
 * - denied: only a payment awaiting review can be refused (the order is then cancelled);
 * - partial refund / refund: a paid payment, or one partly refunded, gives some or the rest back;
 * - reversal: the provider took the money back, from any state in which it had or held it;
 * - denied and reversed are final: no money is left to refund or to take back.
 */
export const PAYMENT_TRANSITIONS = {
  awaiting: ["paid", "denied", "reversed"],
  paid: ["partially_refunded", "refunded", "reversed"],
  partially_refunded: ["refunded", "reversed"],
  refunded: ["reversed"],
  reversed: [],
  denied: [],
} as const satisfies Record<PaymentStatus, readonly PaymentStatus[]>;

/**
 * The dispute beside the payment: a buyer opens one, the provider resolves it, and a resolved one may
 * be opened again. Webhooks come in any order, so a resolution may be the first the store hears of it.
 */
export const DISPUTE_TRANSITIONS = {
  none: ["open", "resolved"],
  open: ["resolved"],
  resolved: ["open"],
} as const satisfies Record<DisputeStatus | "none", readonly DisputeStatus[]>;

/**
 * The order statuses (cancel, complete, ...) each payment status allows: nothing is processed or
 * delivered before the money is in, so a payment awaiting review allows only pending and cancelled.
 * Otherwise any status may become any other (admin-panel.md section 4).
 */
export const ORDER_STATUSES_ALLOWED_BY_PAYMENT = {
  awaiting: ["pending", "cancelled"],
  paid: ["pending", "processing", "completed", "cancelled"],
  partially_refunded: ["pending", "processing", "completed", "cancelled"],
  refunded: ["pending", "processing", "completed", "cancelled"],
  reversed: ["pending", "processing", "completed", "cancelled"],
  denied: ["pending", "processing", "completed", "cancelled"],
} as const satisfies Record<PaymentStatus, readonly OrderStatus[]>;

export function mayBecome(from: PaymentStatus, to: PaymentStatus): boolean {
  return (PAYMENT_TRANSITIONS[from] as readonly PaymentStatus[]).includes(to);
}

/** The statuses a payment may be in to become `to`: the "from" of the conditional update that makes it so. */
export function statusesBefore(to: PaymentStatus): PaymentStatus[] {
  return (Object.keys(PAYMENT_TRANSITIONS) as PaymentStatus[]).filter((from) => mayBecome(from, to));
}

export function disputeMayBecome(from: DisputeStatus | null, to: DisputeStatus): boolean {
  return (DISPUTE_TRANSITIONS[from ?? "none"] as readonly DisputeStatus[]).includes(to);
}

export function paymentAllowsOrderStatus(payment: PaymentStatus, to: OrderStatus): boolean {
  return (ORDER_STATUSES_ALLOWED_BY_PAYMENT[payment] as readonly OrderStatus[]).includes(to);
}

/**
 * A refund (partial or full) may be asked for while the payment may still become refunded; a
 * refunded one too, where the amounts answer that nothing is left.
 */
export function refundAllowed(payment: PaymentStatus): boolean {
  return payment === "refunded" || mayBecome(payment, "refunded");
}

/**
 * The payment status once `refunded` of `total` has gone back: partially refunded, or refunded when
 * all of it went back; unchanged when the table has no such step (awaiting, reversed, denied).
 */
export function statusAfterRefund(current: PaymentStatus, total: Cents, refunded: Cents): PaymentStatus {
  if (refunded <= 0) return current;
  const next = refunded >= total ? "refunded" : "partially_refunded";
  return mayBecome(current, next) ? next : current;
}
