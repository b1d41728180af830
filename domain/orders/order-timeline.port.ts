/** What an order's timeline says happened (GET /api/orders/{id}/timeline). */
export const TIMELINE_KINDS = [
  "placed",
  "paid",
  "delivery_started",
  "message",
  "delivered",
  "late",
  "compensated",
  "refunded",
  "cancelled",
  "reopened",
  // Confirm receipt (issue 36): the shopper's answer, or the window closing in silence.
  "received",
  "not_received",
  "completed",
  "held",
  "released",
  // The promise: paid outside the staffed hours; the buyer ready, or staff waiting for them.
  "hours",
  "ready",
  "waiting_for_buyer",
  // A shopper's cancel of a started order, and its answer.
  "cancel_requested",
  "cancel_granted",
  "cancel_refused",
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export interface TimelineEntry {
  orderId: string;
  at: Date;
  kind: TimelineKind;
  /** What the shopper reads (plain text). */
  text: string;
  /** Who did it: an administrator, the shopper, or null for the store itself. */
  actorId: string | null;
}

/**
 * The append-only history of each order. Handed out by a unit of work, it records in that unit's
 * transaction, so an entry exists if and only if the change it describes does.
 */
export interface OrderTimeline {
  record(entry: TimelineEntry): Promise<void>;
}
