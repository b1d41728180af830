import type { DeliveryClock } from "../orders/delivery-clock.ts";

/**
 * The delivery promise (issue 21): from the moment an order's payment is complete, the shop has
 * DELIVERY_SLA_MINUTES to deliver it. Pure rules of the clock; every "now" comes in as an argument.
 */
export const DEFAULT_DELIVERY_SLA_MINUTES = 20;

/** How the store keeps its promise (from the configuration). */
export interface DeliveryPolicy {
  /** Minutes from payment to the deadline (DELIVERY_SLA_MINUTES). */
  slaMinutes: number;
}

export const defaultDeliveryPolicy: DeliveryPolicy = { slaMinutes: DEFAULT_DELIVERY_SLA_MINUTES };

/** Staff are warned this long before the deadline of an order nobody has started. */
export const AT_RISK_BEFORE_MS = 5 * 60_000;

/**
 * At risk: paid, still pending (nobody started it), not yet late, and at most AT_RISK_BEFORE_MS
 * from its deadline. Staff are warned once per order.
 */
export function isAtRisk(order: ClockedOrder, now: Date): boolean {
  const { dueAt, startedAt } = order.delivery;
  if (dueAt === null || startedAt !== null || order.status !== "pending" || !awaitingDelivery(order)) return false;
  const left = dueAt.getTime() - now.getTime();
  return left >= 0 && left <= AT_RISK_BEFORE_MS;
}

/**
 * The promise an order is made when paid: the longest of its products' own delivery times (a
 * product without one promises the shop's DELIVERY_SLA_MINUTES). Kept on the order, so editing a
 * product later moves no promise already made.
 */
export function orderPromiseMinutes(productMinutes: readonly (number | null)[], policy: DeliveryPolicy): number {
  return productMinutes.reduce<number>(
    (longest, minutes) => Math.max(longest, minutes ?? policy.slaMinutes),
    productMinutes.length === 0 ? policy.slaMinutes : 0,
  );
}

/** The deadline of an order paid at `paidAt`, around the clock with the shop's promise (staffed-hours.ts's promisedDueAt counts from the next staffed period). */
export function deliveryDueAt(paidAt: Date, policy: DeliveryPolicy): Date {
  return new Date(paidAt.getTime() + Math.round(policy.slaMinutes * 60_000));
}

/**
 * The clock started by a completed payment. The one rule for "payment complete" (the payments
 * work calls it through startDeliveryClock when a payment completes after the order exists).
 */
export function clockStartedAt(paidAt: Date, policy: DeliveryPolicy): Pick<DeliveryClock, "paidAt" | "dueAt"> {
  return { paidAt, dueAt: deliveryDueAt(paidAt, policy) };
}

/** An order's status and its payment's (OrderStatus and PaymentStatus of domain/orders/order.ts, read as plain strings). */
type ClockedOrder = { status: string; paymentStatus: string; delivery: DeliveryClock };

/**
 * The one list of what takes an order off the delivery clock (issue 32): every query and view of the
 * clock (the late-order job, the at-risk warning, the Delivery queue, the dashboard's countdown)
 * reads these, so no list is written twice. Cancelled, or its money gone back in full (refunded
 * by the shop, or reversed by the provider): the shop owes no delivery and no compensation. A
 * partially refunded order stays on the clock: something is still owed.
 */
export const DELIVERY_OWED_STATUSES = ["pending", "processing"] as const;
export const OFF_THE_CLOCK_STATUSES = ["cancelled"] as const;
export const OFF_THE_CLOCK_PAYMENT_STATUSES = ["refunded", "reversed"] as const;

/** Cancelled, or paid back in full: off the clock, never late from now on, never compensated. */
export function offTheClock(order: Pick<ClockedOrder, "status" | "paymentStatus">): boolean {
  return (
    (OFF_THE_CLOCK_STATUSES as readonly string[]).includes(order.status) || (OFF_THE_CLOCK_PAYMENT_STATUSES as readonly string[]).includes(order.paymentStatus)
  );
}

/** An order the shop still owes a delivery: paid, not delivered, pending or processing, not paid back. */
export function awaitingDelivery(order: ClockedOrder): boolean {
  return (
    order.delivery.paidAt !== null &&
    order.delivery.deliveredAt === null &&
    (DELIVERY_OWED_STATUSES as readonly string[]).includes(order.status) &&
    !offTheClock(order)
  );
}

/**
 * Late: the deadline passed without a delivery, and once late, always late (even when delivered
 * afterwards or cancelled). An order without a deadline is never late.
 */
export function isLate(order: ClockedOrder, now: Date): boolean {
  const { dueAt, deliveredAt, lateAt } = order.delivery;
  if (dueAt === null) return false;
  if (lateAt !== null) return true;
  if (deliveredAt !== null) return deliveredAt.getTime() > dueAt.getTime();
  return awaitingDelivery(order) && now.getTime() > dueAt.getTime();
}

/** Milliseconds left until the deadline (negative once past); null without a deadline or once delivered. */
export function timeLeftMs(order: ClockedOrder, now: Date): number | null {
  if (order.delivery.dueAt === null || !awaitingDelivery(order)) return null;
  return order.delivery.dueAt.getTime() - now.getTime();
}

/**
 * How the clock moves when the status changes (the dropdown, "Start delivery", "Mark delivered"):
 * - to processing: the first time, records when and by whom delivery started;
 * - to completed: delivered now; delivered after the deadline marks it late (sticky);
 * - from completed back to pending/processing: not delivered any more (the clock runs again);
 * - cancelled keeps what happened (a delivered order cancelled stays delivered: a refund matter).
 * Orders awaiting payment have no clock and nothing moves.
 */
export function clockOnStatusChange(order: ClockedOrder, to: string, now: Date, actorId: string): DeliveryClock {
  const clock = { ...order.delivery };
  if (clock.paidAt === null) return clock;
  if (to === "processing" && clock.startedAt === null) {
    clock.startedAt = now;
    clock.startedBy = actorId;
  }
  if (to === "completed") {
    clock.deliveredAt = now;
    if (clock.startedAt === null) {
      clock.startedAt = now;
      clock.startedBy = actorId;
    }
    if (clock.lateAt === null && clock.dueAt !== null && now.getTime() > clock.dueAt.getTime()) clock.lateAt = clock.dueAt;
  }
  if ((to === "pending" || to === "processing") && order.status === "completed") clock.deliveredAt = null;
  return clock;
}

/**
 * What the late-order job does with an order whose deadline may have passed:
 * - "none": not late (or no deadline), or cancelled before it was late;
 * - "mark": late, to be recorded as such, no compensation owed (or compensation is off, or paid already);
 * - "compensate": late and owed its compensation (recorded once per order: compensatedAt).
 * Orders cancelled or refunded in full (offTheClock) and orders awaiting payment are never
 * compensated; a partially refunded one still is (issue 32).
 */
export function decideLateness(order: ClockedOrder, now: Date, compensationPoints: number): "none" | "mark" | "compensate" {
  if (order.delivery.paidAt === null || order.delivery.dueAt === null) return "none";
  if (offTheClock(order)) return "none";
  if (!isLate(order, now)) return "none";
  if (compensationPoints > 0 && order.delivery.compensatedAt === null) return "compensate";
  return order.delivery.lateAt === null ? "mark" : "none";
}

/** A promise in words: "20 minutes", "2 hours", "1 hour 30 minutes", "2 days". */
export function promiseInWords(minutes: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  const whole = Math.max(1, Math.round(minutes));
  if (whole < 60) return plural(whole, "minute");
  if (whole % 1440 === 0) return plural(whole / 1440, "day");
  const hours = Math.floor(whole / 60);
  return whole % 60 === 0 ? plural(hours, "hour") : `${plural(hours, "hour")} ${plural(whole % 60, "minute")}`;
}

/** Whole minutes from payment to delivery (rounded up: 12m01s is "13 minutes"); null until delivered. */
export function deliveryMinutes(clock: DeliveryClock): number | null {
  if (clock.paidAt === null || clock.deliveredAt === null) return null;
  return Math.max(0, Math.ceil((clock.deliveredAt.getTime() - clock.paidAt.getTime()) / 60_000));
}
