import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import type { DelivererView, OrderView } from "./shopping.views.ts";

interface OrderHolderRow {
  orderId: string;
  id: string;
  robloxUsername: string;
  avatarUrl: string | null;
  status: string;
  units: number;
}

/** Each order's holder: the account most of its units are reserved on (then the name), by the reservations' primary key. */
async function reservedHolders(db: Kysely<Database>, orderIds: readonly string[]): Promise<Map<string, OrderHolderRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("holder_reservations as r")
    .innerJoin("holders as h", "h.id", "r.holderId")
    .select((eb) => ["r.orderId", "h.id", "h.robloxUsername", "h.avatarUrl", "h.status", eb.fn.sum<number | string>("r.quantity").as("units")])
    .where("r.orderId", "in", [...orderIds])
    .groupBy(["r.orderId", "h.id", "h.robloxUsername", "h.avatarUrl", "h.status"])
    .execute();
  const best = new Map<string, OrderHolderRow>();
  for (const row of rows) {
    const units = Number(row.units);
    const seen = best.get(row.orderId);
    if (!seen || units > seen.units || (units === seen.units && row.robloxUsername < seen.robloxUsername)) best.set(row.orderId, { ...row, units });
  }
  return best;
}

/** The holder staff log into for each of these orders (absent: no reservation). */
export async function holdersOfOrders(db: Kysely<Database>, orderIds: readonly string[]): Promise<Map<string, NonNullable<OrderView["holder"]>>> {
  const rows = await reservedHolders(db, orderIds);
  return new Map([...rows].map(([orderId, row]) => [orderId, { id: row.id, robloxUsername: row.robloxUsername, lost: row.status === "lost" }]));
}

/** The running deliveries' deliverer and phrase, for the orders that have both. */
async function deliverersOf(db: Kysely<Database>, orderIds: readonly string[]): Promise<Map<string, DelivererView>> {
  if (orderIds.length === 0) return new Map();
  const [holders, phrases] = await Promise.all([
    reservedHolders(db, orderIds),
    db
      .selectFrom("delivery_phrases")
      .select(["orderId", "phrase"])
      .where("orderId", "in", [...orderIds])
      .execute(),
  ]);
  const found = new Map<string, DelivererView>();
  for (const { orderId, phrase } of phrases) {
    const holder = holders.get(orderId);
    if (holder) found.set(orderId, { robloxUsername: holder.robloxUsername, avatarUrl: holder.avatarUrl, phrase });
  }
  return found;
}

/**
 * A shopper's own orders with their deliverer while delivery runs (status processing: after the
 * start, before the end). Call it only on the orders of the signed-in shopper.
 */
export async function withDeliverers<V extends OrderView>(db: Kysely<Database>, views: V[]): Promise<V[]> {
  const running = views.filter((view) => view.status === "processing").map((view) => view.id);
  const deliverers = await deliverersOf(db, running);
  return views.map((view) => ({ ...view, deliverer: deliverers.get(view.id) ?? null }));
}

/** The order's staff view of its running delivery (the phrase staff say in the game chat); null when none runs. */
export async function delivererOfOrder(db: Kysely<Database>, orderId: string): Promise<DelivererView | null> {
  const order = await db.selectFrom("orders").select("status").where("id", "=", orderId).executeTakeFirst();
  if (order?.status !== "processing") return null;
  return (await deliverersOf(db, [orderId])).get(orderId) ?? null;
}
