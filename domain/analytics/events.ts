import type { Cents } from "../shared/money.ts";

/**
 * The facts the store records, once each, in its append-only event log. Analytics read models are
 * folded from these; so a payload never changes meaning: a new meaning is a new version.
 */
export interface EventPayloads {
  PageViewed: { page: string; pageTitle: string; referrer: string | null };
  /**
   * The cart appends this (no `source`) when a line is added; the storefront's tracker reports the
   * same add through POST /api/tracking/cart-activity (`source: "tracker"`). Read models count one
   * add once whichever sources report it (domain/analytics/cart-activity.ts).
   */
  CartItemAdded: { productId: string; productName: string; quantity: number; price: Cents; source?: "tracker" };
  UserRegistered: { email: string };
  OrderPlaced: { orderId: string; total: Cents; itemCount: number };
  OrderStatusChanged: { orderId: string; from: string; to: string; total: Cents };
  /**
   * Money or store credit went back to the shopper (issue 18): by an administrator, or at the
   * provider. Revenue counts it on the day it happens. The email module (issue 19) mails on it.
   */
  OrderRefunded: { orderId: string; refundId: string; amount: Cents; destination: "payment" | "store_credit"; reason: string };
  /** The order's payment status changed (paid after review, denied, reversed, disputed). */
  OrderPaymentChanged: { orderId: string; from: string; to: string; total: Cents };
  /**
   * A paid order missed its delivery deadline (recorded once per order by the late-order job).
   * With OrderCompensated, the seam where a "your order is late" notice to the shopper is sent.
   */
  OrderLate: { orderId: string; dueAt: string };
  /**
   * A paid order nobody has started is at most 5 minutes from its deadline (once per order): the
   * seam where staff are emailed (the panel shows it from the orders themselves).
   */
  OrderDeliveryAtRisk: { orderId: string; dueAt: string };
  /** A late order's shopper was credited `points` (once per order). */
  OrderCompensated: { orderId: string; points: number };
  /**
   * A paid order became completed: how long it took from payment (whole minutes, rounded up) and
   * whether that missed its deadline. A reopened order delivered again appends another.
   * `productIds` and `gameIds` (each once) say what was delivered, for the product page's measured
   * delivery time; events appended before they existed lack them.
   */
  OrderDelivered: { orderId: string; paidAt: string; dueAt: string; minutes: number; late: boolean; productIds?: string[]; gameIds?: string[] };
  /**
   * A paid order may now be delivered (issue 46): its delivery clock started, due at `dueAt`. At
   * payment when the risk checks did not hold it, or when staff approved it; never for an order
   * held or rejected. What webhooks announce an order for delivery on (order.paid).
   */
  OrderReleased: { orderId: string; dueAt: string };
  /** The buyer said "I'm ready", or staff wait for them in the game: the live channel tells staff. */
  OrderReadinessChanged: { orderId: string; readiness: "ready" | "waiting_for_buyer"; by: string };
  /**
   * A paid order was held for review (issue 37): out of the delivery queue until staff decide, in
   * the transaction that holds it. By the risk checks at payment, or (`afterRelease`, issue 46) by
   * a blocklist entry added after it was released for delivery, when it had already been announced.
   */
  OrderHeld: { orderId: string; score: number; total: Cents; afterRelease?: boolean };
  /** Staff decided on a held order (once per hold): approved joins the delivery queue, rejected is cancelled and refunded. */
  OrderRiskDecided: { orderId: string; decision: "approved" | "rejected"; total: Cents };
  /**
   * A dispute opened or a reversal recorded on an order (once per order and kind, issue 37):
   * `amount` is the money at stake, what the payment still kept (a reversal's is lost at once).
   */
  ChargebackRecorded: { orderId: string; kind: "dispute" | "reversal"; amount: Cents };
  /** A dispute ended: PayPal's outcome code, and whether the shop lost it (domain/risk/chargeback.ts decides). */
  DisputeEnded: { orderId: string; outcome: string | null; lost: boolean };
  SupportConversationOpened: { conversationId: string };
  SupportConversationClosed: { conversationId: string };
  /**
   * A message was added to a support conversation (issue 38): the live channel tells the
   * conversation's owner and support staff; the text stays in the messages table.
   */
  SupportMessagePosted: { conversationId: string; seq: number };
  /** A message was added to an order's chat (issue 38): told to the order's owner and order staff. */
  OrderMessagePosted: { orderId: string; seq: number };
  ReviewSubmitted: { submissionId: string };
  ReviewDecided: { submissionId: string; status: "approved" | "rejected" };
}

export type EventType = keyof EventPayloads;

export const EVENT_TYPES = [
  "PageViewed",
  "CartItemAdded",
  "UserRegistered",
  "OrderPlaced",
  "OrderStatusChanged",
  "OrderRefunded",
  "OrderPaymentChanged",
  "OrderLate",
  "OrderCompensated",
  "OrderDeliveryAtRisk",
  "OrderDelivered",
  "OrderReleased",
  "OrderReadinessChanged",
  "OrderHeld",
  "OrderRiskDecided",
  "ChargebackRecorded",
  "DisputeEnded",
  "SupportConversationOpened",
  "SupportConversationClosed",
  "SupportMessagePosted",
  "OrderMessagePosted",
  "ReviewSubmitted",
  "ReviewDecided",
] as const satisfies readonly EventType[];

/** An event about to be appended: who caused it (visitor and/or user) and what happened. */
export type NewEvent = {
  [T in EventType]: {
    type: T;
    version?: number;
    occurredAt: Date;
    visitorId: string | null;
    userId: string | null;
    payload: EventPayloads[T];
  };
}[EventType];

/** An event as stored, with its position in the log. */
export type StoredEvent = NewEvent & { id: number; version: number };
