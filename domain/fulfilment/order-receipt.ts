/**
 * Confirm receipt (issue 36): a delivered order asks its shopper "I got it" or "I didn't get it"
 * for DELIVERY_CONFIRM_HOURS; silence after that completes it as received.
 */
export type Receipt = "received" | "not_received" | "silence";

/** A delivered order as the receipt rules see it. */
export interface ReceiptOrder {
  id: string;
  userId: string;
  status: string;
  deliveredAt: Date | null;
  receipt: Receipt | null;
  /** A gamepass order's: when its Robux should appear; the question is asked from then (absent or null: at delivery). */
  robuxDueAt?: Date | null;
}

/** When the order's question opens: at delivery, or once a gamepass order's Robux should have appeared. */
export function receiptOpensAt(order: Pick<ReceiptOrder, "deliveredAt" | "robuxDueAt">): Date | null {
  return order.deliveredAt ? (order.robuxDueAt ?? order.deliveredAt) : null;
}

/** When the order's question closes: its delivery plus the window; null when it was never delivered. */
export function receiptClosesAt(order: Pick<ReceiptOrder, "deliveredAt" | "robuxDueAt">, windowHours: number): Date | null {
  const opens = receiptOpensAt(order);
  return opens ? new Date(opens.getTime() + windowHours * 3_600_000) : null;
}

/**
 * Whether the shopper may answer now: the order is delivered (completed, by the order state
 * rules), its Robux are due (a gamepass order), nobody answered yet, and the window has not closed
 * (its last instant excluded).
 */
export function receiptOpen(order: ReceiptOrder, now: Date, windowHours: number): boolean {
  const opens = receiptOpensAt(order);
  const closes = receiptClosesAt(order, windowHours);
  return order.status === "completed" && order.receipt === null && opens !== null && closes !== null && now >= opens && now.getTime() < closes.getTime();
}

/** What the order's timeline says about each answer. */
export const RECEIPT_TIMELINE: Record<Receipt, string> = {
  received: "You confirmed you got it: order complete",
  not_received: "You told us you did not get it: our team is looking into it",
  silence: "Order complete: no problem reported after delivery",
};

/** The longest note a shopper may leave with "I didn't get it". */
export const RECEIPT_NOTE_MAX = 2000;
