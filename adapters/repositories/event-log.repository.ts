import type { Kysely, Selectable } from "kysely";
import * as z from "zod";
import type { EventLog } from "#domain/analytics/event-log.port.ts";
import type { EventPayloads, EventType, NewEvent, StoredEvent } from "#domain/analytics/events.ts";
import type { Database, EventsTable } from "../db/schema.ts";
import { insertRows, type RowsInsert } from "../db/insert-rows.ts";
import { lockName } from "../db/transaction-locks.ts";
import type { Tx } from "../db/database.ts";

/**
 * Something that reacts to appended events inside the transaction that appends them (the analytics
 * projections), so read models are never behind or ahead of the log. It is handed the events
 * appended together, in log order: one for a single append, many for a page-view batch, and must
 * leave the same rows either way.
 */
export interface EventListener {
  (events: readonly StoredEvent[], trx: Tx): Promise<void>;
}

/**
 * The lock an append with listeners (the projections), a batch of page views and a projections
 * rebuild take, until their transaction ends. Projections read state and replace it, and fold
 * events in log order: on PostgreSQL, where transactions run side by side, two appends could
 * otherwise read the same state (one replacement lost), fold in another order than their
 * positions, or slip past a rebuild's replay. Taken before the insert, so positions are handed out
 * in the order events are folded. One name for all: it cannot deadlock with itself. A no-op on
 * SQLite (one writer at a time).
 */
export const EVENT_LOG_LOCK = "event-log";

// 6 parameters a row: far under SQLite's 32,766 and PostgreSQL's 65,535 per statement.
const ROWS_PER_INSERT = 1000;
const EVENTS_INSERT: RowsInsert = { table: "events", columns: ["type", "version", "occurredAt", "visitorId", "userId", "payload"], returning: ["id"] };

/** Appends to the `events` table with whatever connection or transaction it is given. */
export function createEventLog(db: Tx, listeners: readonly EventListener[] = []): EventLog {
  return {
    async append(event: NewEvent) {
      await appendEvents(db, [event], listeners);
    },
  };
}

/**
 * Appends `events` in this order, with multi-row inserts, and hands them all with their positions
 * to each listener at once. Returns them as stored. Nothing for an empty list.
 */
export async function appendEvents(db: Tx, events: readonly NewEvent[], listeners: readonly EventListener[] = []): Promise<StoredEvent[]> {
  if (events.length === 0) return [];
  if (listeners.length > 0) await lockName(db, EVENT_LOG_LOCK);
  const stored: StoredEvent[] = [];
  for (let start = 0; start < events.length; start += ROWS_PER_INSERT) {
    const chunk = events.slice(start, start + ROWS_PER_INSERT);
    const rows = await insertRows<{ id: number | string }>(
      db,
      EVENTS_INSERT,
      chunk.map((event) => [event.type, event.version ?? 1, event.occurredAt.toISOString(), event.visitorId, event.userId, JSON.stringify(event.payload)]),
    );
    // Rows are inserted in the order given, each taking the next position; RETURNING promises no
    // order, so the sorted positions are matched to the events.
    const ids = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
    chunk.forEach((event, i) => stored.push({ ...event, version: event.version ?? 1, id: ids[i]! }));
  }
  for (const listener of listeners) await listener(stored, db);
  return stored;
}

const text = z.string();
const cents = z.number().int();
// Each event type's payload as stored; a row that does not match is reported, never guessed at.
const PAYLOADS: { [T in EventType]: z.ZodType<EventPayloads[T]> } = {
  PageViewed: z.object({ page: text, pageTitle: text, referrer: text.nullable() }),
  CartItemAdded: z.object({
    productId: text,
    productName: text,
    quantity: z.number().int(),
    price: cents,
    source: z.literal("tracker").optional(),
  }),
  UserRegistered: z.object({ email: text }),
  OrderPlaced: z.object({ orderId: text, total: cents, itemCount: z.number().int() }),
  OrderStatusChanged: z.object({ orderId: text, from: text, to: text, total: cents }),
  OrderRefunded: z.object({ orderId: text, refundId: text, amount: cents, destination: z.enum(["payment", "store_credit"]), reason: text }),
  OrderPaymentChanged: z.object({ orderId: text, from: text, to: text, total: cents }),
  OrderLate: z.object({ orderId: text, dueAt: text }),
  OrderCompensated: z.object({ orderId: text, points: z.number().int() }),
  OrderDeliveryAtRisk: z.object({ orderId: text, dueAt: text }),
  OrderDelivered: z.object({
    orderId: text,
    paidAt: text,
    dueAt: text,
    minutes: z.number().int(),
    late: z.boolean(),
    productIds: z.array(text).optional(),
    gameIds: z.array(text).optional(),
  }),
  OrderHeld: z.object({ orderId: text, score: z.number().int(), total: cents, afterRelease: z.boolean().optional() }),
  OrderReleased: z.object({ orderId: text, dueAt: text }),
  OrderReadinessChanged: z.object({ orderId: text, readiness: z.enum(["ready", "waiting_for_buyer"]), by: text }),
  OrderRiskDecided: z.object({ orderId: text, decision: z.enum(["approved", "rejected"]), total: cents }),
  ChargebackRecorded: z.object({ orderId: text, kind: z.enum(["dispute", "reversal"]), amount: cents }),
  DisputeEnded: z.object({ orderId: text, outcome: text.nullable(), lost: z.boolean() }),
  SupportConversationOpened: z.object({ conversationId: text }),
  SupportConversationClosed: z.object({ conversationId: text }),
  SupportMessagePosted: z.object({ conversationId: text, seq: z.number().int() }),
  OrderMessagePosted: z.object({ orderId: text, seq: z.number().int() }),
  ReviewSubmitted: z.object({ submissionId: text }),
  ReviewDecided: z.object({ submissionId: text, status: z.enum(["approved", "rejected"]) }),
};

/** An event row decoded, or null when its type is unknown or its payload does not match the type. */
export function decodeEvent(row: Selectable<EventsTable>): StoredEvent | null {
  const schema = (PAYLOADS as Record<string, z.ZodType | undefined>)[row.type];
  if (!schema) return null;
  let json: unknown;
  try {
    json = JSON.parse(row.payload);
  } catch {
    return null;
  }
  const payload = schema.safeParse(json);
  if (!payload.success) return null;
  return {
    id: Number(row.id),
    type: row.type,
    version: row.version,
    occurredAt: new Date(row.occurredAt),
    visitorId: row.visitorId,
    userId: row.userId,
    payload: payload.data,
  } as StoredEvent;
}

/**
 * The next `limit` events after position `afterId`, in log order. `lastId` is the last position
 * read (to continue from) and `undecodable` counts rows skipped because they could not be decoded.
 */
export async function readEventsAfter(
  db: Kysely<Database>,
  afterId: number,
  limit: number,
): Promise<{ events: StoredEvent[]; lastId: number | null; undecodable: number }> {
  const rows = await db.selectFrom("events").selectAll().where("id", ">", afterId).orderBy("id").limit(limit).execute();
  const events: StoredEvent[] = [];
  for (const row of rows) {
    const event = decodeEvent(row);
    if (event) events.push(event);
  }
  return { events, lastId: rows.length ? Number(rows[rows.length - 1]!.id) : null, undecodable: rows.length - events.length };
}
