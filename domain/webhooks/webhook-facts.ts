import type { StoredEvent } from "../analytics/events.ts";
import { formatCents } from "../shared/money.ts";
import type { WebhookFacts } from "./webhook.ts";

/** What of an order its webhooks tell, and whether they may tell anything: read in the transaction that appends the event. */
export interface OrderFacts {
  /** The risk check's state (clear, held, approved, rejected). */
  riskState: string;
  status: string;
  totalCents: number;
  robloxUsername: string;
  itemCount: number;
}

/** The log's event types a webhook may report; the others (page views, cart activity...) never are. */
export const WEBHOOK_SOURCE_TYPES = ["OrderReleased", "OrderHeld", "OrderDelivered", "OrderRefunded", "OrderLate", "SupportConversationOpened"] as const;

/** The order an event is about, when it is a webhook source about one (its facts are read for it). */
export function orderIdOf(event: StoredEvent): string | null {
  return (WEBHOOK_SOURCE_TYPES as readonly string[]).includes(event.type) && "orderId" in event.payload ? event.payload.orderId : null;
}

/** A held or rejected order is told nothing but its hold: a receiver may deliver what it hears of (issue 46). */
const mayBeTold = (order: OrderFacts | null): order is OrderFacts => order !== null && order.riskState !== "held" && order.riskState !== "rejected";

/**
 * The webhook event an appended log event is, with its facts, or null when it is none. An order is
 * announced for delivery (order.paid) when it is released (OrderReleased): paid and not held by the
 * risk checks, or approved by staff after a hold; never while held, never when rejected. An order
 * announced and then held (a blocklist entry added after its payment) is told so (order.held).
 */
export function webhookFactsOf(event: StoredEvent, order: OrderFacts | null): WebhookFacts | null {
  switch (event.type) {
    case "OrderReleased":
      if (!mayBeTold(order) || order.status === "cancelled") return null;
      return {
        event: "order.paid",
        orderId: event.payload.orderId,
        total: formatCents(order.totalCents),
        itemCount: order.itemCount,
        robloxUsername: order.robloxUsername,
        reviewed: order.riskState === "approved",
      };
    case "OrderHeld":
      // Held at payment it was never announced: nothing to take back.
      return event.payload.afterRelease ? { event: "order.held", orderId: event.payload.orderId } : null;
    case "OrderDelivered":
      return mayBeTold(order) ? { event: "order.delivered", orderId: event.payload.orderId, minutes: event.payload.minutes, late: event.payload.late } : null;
    case "OrderRefunded":
      return mayBeTold(order)
        ? { event: "order.refunded", orderId: event.payload.orderId, amount: formatCents(event.payload.amount), destination: event.payload.destination }
        : null;
    case "OrderLate":
      return mayBeTold(order) ? { event: "order.late", orderId: event.payload.orderId, dueAt: event.payload.dueAt } : null;
    case "SupportConversationOpened":
      return { event: "conversation.opened", conversationId: event.payload.conversationId };
    default:
      return null;
  }
}
