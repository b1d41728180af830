import type { StoredEvent } from "../analytics/events.ts";
import { formatCents } from "../shared/money.ts";
import type { WebhookFacts } from "./webhook.ts";

/** What of an order a paid-order webhook tells, read in the transaction that appends the event. */
export interface PaidOrderFacts {
  paymentStatus: string;
  totalCents: number;
  robloxUsername: string;
  itemCount: number;
}

/** The log's event types a webhook may report; the others (page views, cart activity...) never are. */
export const WEBHOOK_SOURCE_TYPES = [
  "OrderPlaced",
  "OrderPaymentChanged",
  "OrderDelivered",
  "OrderRefunded",
  "OrderLate",
  "SupportConversationOpened",
] as const;

/** Whether `event` needs its order read (a paid-order webhook tells its total and Roblox name). */
export function needsOrder(event: StoredEvent): boolean {
  return event.type === "OrderPlaced" || (event.type === "OrderPaymentChanged" && event.payload.to === "paid" && event.payload.from === "awaiting");
}

/**
 * The webhook event an appended log event is, with its facts, or null when it is none. A paid
 * order is told once: placed already paid (card, store credit), or paid after awaiting (PayPal's
 * pending capture, a held payment approved).
 */
export function webhookFactsOf(event: StoredEvent, order: PaidOrderFacts | null): WebhookFacts | null {
  switch (event.type) {
    case "OrderPlaced":
    case "OrderPaymentChanged":
      if (!needsOrder(event) || !order || order.paymentStatus === "awaiting") return null;
      return {
        event: "order.paid",
        orderId: event.payload.orderId,
        total: formatCents(order.totalCents),
        itemCount: order.itemCount,
        robloxUsername: order.robloxUsername,
      };
    case "OrderDelivered":
      return { event: "order.delivered", orderId: event.payload.orderId, minutes: event.payload.minutes, late: event.payload.late };
    case "OrderRefunded":
      return { event: "order.refunded", orderId: event.payload.orderId, amount: formatCents(event.payload.amount), destination: event.payload.destination };
    case "OrderLate":
      return { event: "order.late", orderId: event.payload.orderId, dueAt: event.payload.dueAt };
    case "SupportConversationOpened":
      return { event: "conversation.opened", conversationId: event.payload.conversationId };
    default:
      return null;
  }
}
