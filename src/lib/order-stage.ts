/**
 * What the shopper's dashboard says an order is at, in one place: the badge's word and the line
 * naming the recipient, each true at its step. A paid order is "Paid" (not the bare state
 * "Pending"), a held or provider-reviewed payment is "Checking your payment", the recipient reads
 * "Delivered to" only once it is, and an order the shopper said they did not get shows the open case
 * (no "Completed", no delivery time, no rating asked) until staff re-deliver or refund it.
 */
export interface StagedOrderView {
  status: string;
  paymentStatus: string;
  robloxUsername: string;
  paidAt: string | null;
  deliveryDueAt: string | null;
  deliveredAt: string | null;
  receipt: "received" | "not_received" | "silence" | null;
  risk: { state: string };
}

export type OrderStageKind = "checking_payment" | "paid" | "delivering" | "delivered" | "case_open" | "cancelled";

export interface OrderStage {
  kind: OrderStageKind;
  /** The badge's word. */
  badge: string;
  /** The line about the recipient, or null when there is nothing true to say about delivery. */
  recipient: string | null;
}

/** Payment states after which nothing is on its way: the money went back. */
const PAID_BACK = new Set(["refunded", "reversed", "denied"]);

/**
 * The shopper told us they did not get a delivered order, and staff have neither re-delivered it
 * (a new delivery clears the answer) nor paid it back.
 */
export function caseOpen(order: Pick<StagedOrderView, "status" | "receipt" | "paymentStatus">): boolean {
  return order.status === "completed" && order.receipt === "not_received" && !PAID_BACK.has(order.paymentStatus);
}

/** The promise's length, from the order's own clock: "20 min", "2 h", "1 h 30 min"; null without one. */
export function promiseLength(order: Pick<StagedOrderView, "paidAt" | "deliveryDueAt">): string | null {
  if (!order.paidAt || !order.deliveryDueAt) return null;
  const minutes = Math.round((Date.parse(order.deliveryDueAt) - Date.parse(order.paidAt)) / 60_000);
  if (!Number.isFinite(minutes) || minutes <= 0) return null;
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

export function orderStage(order: StagedOrderView): OrderStage {
  const user = `Roblox user ${order.robloxUsername}`;
  if (order.status === "cancelled") return { kind: "cancelled", badge: "Cancelled", recipient: null };
  if (caseOpen(order)) return { kind: "case_open", badge: "Case open", recipient: `For ${user}` };
  if (order.status === "completed") return { kind: "delivered", badge: "Completed", recipient: `Delivered to ${user}` };
  if (PAID_BACK.has(order.paymentStatus)) return { kind: "cancelled", badge: "Not delivered", recipient: null };
  if (order.paidAt === null || order.paymentStatus === "awaiting" || order.risk.state === "held")
    return { kind: "checking_payment", badge: "Checking your payment", recipient: `Delivery to ${user} starts once your payment is checked` };
  if (order.status === "processing") return { kind: "delivering", badge: "Processing", recipient: `Delivering to ${user} now` };
  const within = promiseLength(order);
  return { kind: "paid", badge: "Paid", recipient: within ? `Paid, delivery to ${user} within ${within}` : `Paid, delivery to ${user} on its way` };
}
