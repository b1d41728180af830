import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { decodeEvent } from "#adapters/repositories/event-log.repository.ts";
import type { StoredEvent } from "#domain/analytics/events.ts";
import type { LiveAudience } from "#domain/accounts/live-audience.ts";
import type { LiveEventMessage, LiveEventView } from "./live-events.views.ts";

/** The event log's types the live channel tells of; page views and cart activity are not among them. */
export const LIVE_EVENT_TYPES = [
  "OrderPlaced",
  "OrderPaymentChanged",
  "OrderStatusChanged",
  "OrderRefunded",
  "OrderLate",
  "OrderDelivered",
  "OrderHeld",
  "OrderRiskDecided",
  "OrderMessagePosted",
  "OrderReadinessChanged",
  "SupportConversationOpened",
  "SupportConversationClosed",
  "SupportMessagePosted",
] as const;

/** A live event with who may hear it (never sent: the hub checks it against each stream's person). */
export interface AudiencedLiveEvent extends LiveEventMessage {
  audience: LiveAudience;
}

/** The newest position of the event log (0 when empty): where a stream without Last-Event-ID starts. */
export async function lastEventId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("events")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * The live events after position `afterId` up to `uptoId` (inclusive; null: the end), at most
 * `limit`, in log order, each as its view of the order or conversation as it is now and with its
 * audience. `lastId` is the last position read (null: nothing), so the caller continues from it
 * even when an event's order or conversation is gone (such an event is skipped).
 */
export async function readLiveEventsAfter(
  db: Kysely<Database>,
  afterId: number,
  uptoId: number | null,
  limit: number,
): Promise<{ events: AudiencedLiveEvent[]; lastId: number | null }> {
  let query = db
    .selectFrom("events")
    .selectAll()
    .where("type", "in", [...LIVE_EVENT_TYPES])
    .where("id", ">", afterId);
  if (uptoId !== null) query = query.where("id", "<=", uptoId);
  const rows = await query.orderBy("id").limit(limit).execute();
  if (rows.length === 0) return { events: [], lastId: null };
  const decoded = rows.map(decodeEvent).filter((event): event is StoredEvent => event !== null);
  const orderIds = new Set<string>();
  const conversationIds = new Set<string>();
  for (const event of decoded) {
    if ("orderId" in event.payload) orderIds.add(event.payload.orderId);
    if ("conversationId" in event.payload) conversationIds.add(event.payload.conversationId);
  }
  const orders = new Map(
    orderIds.size === 0
      ? []
      : (
          await db
            .selectFrom("orders")
            .select(["id", "userId", "status", "paymentStatus", "riskState"])
            .where("id", "in", [...orderIds])
            .execute()
        ).map((o) => [o.id, o]),
  );
  const conversations = new Map(
    conversationIds.size === 0
      ? []
      : (
          await db
            .selectFrom("support_conversations")
            .select(["id", "userId", "status"])
            .where("id", "in", [...conversationIds])
            .execute()
        ).map((c) => [c.id, c]),
  );
  const events: AudiencedLiveEvent[] = [];
  for (const event of decoded) {
    const live = toLive(event, orders, conversations);
    if (live) events.push({ id: event.id, ...live });
  }
  return { events, lastId: Number(rows[rows.length - 1]!.id) };
}

type OrderRow = { id: string; userId: string; status: string; paymentStatus: string; riskState: string };
type ConversationRow = { id: string; userId: string | null; status: "open" | "closed" };

function toLive(
  event: StoredEvent,
  orders: Map<string, OrderRow>,
  conversations: Map<string, ConversationRow>,
): { view: LiveEventView; audience: LiveAudience } | null {
  if ("orderId" in event.payload) {
    const order = orders.get(event.payload.orderId);
    if (!order) return null;
    const audience: LiveAudience = { permission: "orders", ownerId: order.userId };
    if (event.type === "OrderMessagePosted") return { view: { kind: "order-message", orderId: order.id, seq: event.payload.seq }, audience };
    const change = orderChange(event);
    if (!change) return null;
    return {
      view: {
        kind: "order",
        orderId: order.id,
        status: order.status,
        paymentStatus: order.paymentStatus,
        change: change.change,
        newPaidOrder: change.newPaid(order),
      },
      audience,
    };
  }
  if ("conversationId" in event.payload) {
    const conversation = conversations.get(event.payload.conversationId);
    if (!conversation) return null;
    const audience: LiveAudience = { permission: "support", ownerId: conversation.userId };
    if (event.type === "SupportMessagePosted") return { view: { kind: "support-message", conversationId: conversation.id, seq: event.payload.seq }, audience };
    return {
      view: { kind: "conversation", conversationId: conversation.id, status: conversation.status, opened: event.type === "SupportConversationOpened" },
      audience,
    };
  }
  return null;
}

type OrderChange = Extract<LiveEventView, { kind: "order" }>["change"];

/**
 * The order event's change, and whether it brings staff a new paid order to deliver (issue 46: the
 * badge and chime say "waiting for delivery"): placed already paid, or paid after waiting, and not
 * held by the risk checks; or approved by staff after a hold. A held order is "held", never new
 * work for delivery; an order placed while its payment waits is not one yet.
 */
function orderChange(event: StoredEvent): { change: OrderChange; newPaid: (order: OrderRow) => boolean } | null {
  const never = () => false;
  const clear = (order: OrderRow) => order.riskState === "clear";
  switch (event.type) {
    case "OrderPlaced":
      return { change: "placed", newPaid: (order) => order.paymentStatus !== "awaiting" && clear(order) };
    case "OrderPaymentChanged":
      return event.payload.to === "paid"
        ? { change: "paid", newPaid: (order) => event.payload.from === "awaiting" && clear(order) }
        : { change: "payment", newPaid: never };
    case "OrderStatusChanged":
      return { change: "status", newPaid: never };
    case "OrderRefunded":
      return { change: "refunded", newPaid: never };
    case "OrderLate":
      return { change: "late", newPaid: never };
    case "OrderDelivered":
      return { change: "delivered", newPaid: never };
    case "OrderHeld":
      return { change: "held", newPaid: never };
    case "OrderReadinessChanged":
      return { change: event.payload.readiness, newPaid: never };
    case "OrderRiskDecided":
      return event.payload.decision === "approved"
        ? { change: "approved", newPaid: (order) => order.riskState === "approved" && order.status !== "cancelled" }
        : { change: "rejected", newPaid: never };
    default:
      return null;
  }
}
