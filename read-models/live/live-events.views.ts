/**
 * What the live channel (GET /api/events, issue 38) sends: ids and states only, never a message's
 * text or anything a screen does not already show. An island that hears one re-reads its own
 * endpoint (the order, the queue, the chat) as it would on a poll.
 */
export type LiveEventView =
  | {
      kind: "order";
      orderId: string;
      status: string;
      paymentStatus: string;
      /**
       * What happened: placed, paid, payment (another payment change), status, refunded, late,
       * delivered, held (for review), approved or rejected (staff's decision on a held order),
       * ready (the buyer is in the game) or waiting_for_buyer (staff wait for them).
       */
      change: "placed" | "paid" | "payment" | "status" | "refunded" | "late" | "delivered" | "held" | "approved" | "rejected" | "ready" | "waiting_for_buyer";
      /**
       * A paid order staff have not seen yet and may deliver: placed already paid or paid after
       * waiting, not held; or approved after a hold. Staff are told (badge, sound).
       */
      newPaidOrder: boolean;
    }
  | { kind: "order-message"; orderId: string; seq: number }
  | { kind: "conversation"; conversationId: string; status: "open" | "closed"; opened: boolean }
  | { kind: "support-message"; conversationId: string; seq: number };

export type LiveEventKind = LiveEventView["kind"];

/** One event of the live channel as sent: its position in the event log (the SSE id) and its view. */
export interface LiveEventMessage {
  id: number;
  view: LiveEventView;
}
