import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import type { TimelineItemView } from "./shopping.views.ts";
import { findOrder } from "./orders.queries.ts";

/** Where a delivery proof screenshot is served (to the order's owner and staff only). */
export const proofUrl = (orderId: string, file: string) => `/api/orders/${encodeURIComponent(orderId)}/proofs/${encodeURIComponent(file)}`;

/** Who owns the order (null when there is no such order): the timeline's and proofs' permission check. */
export async function findOrderOwner(db: Kysely<Database>, orderId: string): Promise<string | null> {
  const row = await db.selectFrom("orders").select("userId").where("id", "=", orderId).executeTakeFirst();
  return row?.userId ?? null;
}

/** Whether `file` is a delivery proof of this order. */
export async function isProofOf(db: Kysely<Database>, orderId: string, file: string): Promise<boolean> {
  return Boolean(await db.selectFrom("order_proofs").select("id").where("orderId", "=", orderId).where("file", "=", file).executeTakeFirst());
}

/**
 * What happened to an order, oldest first: placed, paid, delivery started, messages of its chat,
 * delivered (with its proof screenshots), late, compensated, cancelled, reopened. An order whose
 * deadline passed undelivered shows "late" at its deadline even before the late-order job has
 * recorded it. Null when there is no such order.
 */
export async function orderTimeline(db: Kysely<Database>, orderId: string, now: Date): Promise<TimelineItemView[] | null> {
  const order = await findOrder(db, orderId, now);
  if (!order) return null;
  const [entries, messages, proofs] = await Promise.all([
    db.selectFrom("order_timeline").select(["id", "at", "kind", "text"]).where("orderId", "=", orderId).orderBy("at").orderBy("id").execute(),
    db.selectFrom("order_messages").select(["sender", "message", "createdAt"]).where("orderId", "=", orderId).orderBy("seq").execute(),
    db.selectFrom("order_proofs").select(["file"]).where("orderId", "=", orderId).orderBy("createdAt").orderBy("id").execute(),
  ]);
  const items: TimelineItemView[] = entries.map(({ at, kind, text }) => ({ at, kind, text }));
  for (const m of messages) {
    items.push({ at: m.createdAt, kind: "message", text: `${m.sender === "admin" ? "The shop" : "The shopper"}: ${m.message}` });
  }
  if (order.late && order.deliveryDueAt && !items.some((item) => item.kind === "late")) {
    items.push({ at: order.deliveryDueAt, kind: "late", text: "Late: the delivery deadline passed" });
  }
  // Stable: entries at the same instant keep the order they were written in.
  const sorted = items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.at.localeCompare(b.item.at) || a.index - b.index)
    .map(({ item }) => item);
  const delivered = sorted.findLast((item) => item.kind === "delivered");
  if (delivered && proofs.length > 0) {
    const urls = proofs.map((p) => proofUrl(orderId, p.file));
    delivered.proofUrl = urls[0]!;
    delivered.proofUrls = urls;
  }
  return sorted;
}
