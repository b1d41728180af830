import { sql, type Kysely } from "kysely";
import * as z from "zod";
import { digestDue, type AdminDigest } from "#domain/mail/mail.ts";
import type { MailOutbox } from "#domain/mail/mail-outbox.port.ts";
import { dialectOf, type Tx } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import { lockName } from "../db/transaction-locks.ts";

const CURSOR = "admin-digest-cursor";
const SENT_AT = "admin-digest-sent-at";
/**
 * Events newer than this are left for the next digest: on PostgreSQL an event's id is taken before
 * its transaction commits, so a younger, still uncommitted one may get a lower id than one already
 * visible; after this long every transaction of the store has long ended.
 */
const SETTLE_MS = 10_000;

const OrderPlaced = z.object({ orderId: z.string(), total: z.number(), itemCount: z.number() });
const ConversationOpened = z.object({ conversationId: z.string() });

/**
 * Tells administrators about new orders and support conversations: one email (per recipient) with
 * everything since the last, at most once a minute. Read from the event log (OrderPlaced and
 * SupportConversationOpened are appended in the transactions that place the order or open the
 * conversation), from a cursor kept in `meta`; the cursor, the send time and the outbox messages are
 * one transaction, under a lock, so several processes send one digest. The first run only sets the
 * cursor: nobody is told about orders from before notifications existed.
 */
export async function queueAdminDigest(
  db: Kysely<Database>,
  settings: { now: Date; recipients: (trx: Tx) => Promise<string[]>; outbox: (trx: Tx) => MailOutbox },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockName(trx, "admin-digest");
    const meta = await trx.selectFrom("meta").select(["key", "value"]).where("key", "in", [CURSOR, SENT_AT]).execute();
    const cursor = meta.find((m) => m.key === CURSOR)?.value;
    const sentAt = meta.find((m) => m.key === SENT_AT)?.value ?? null;
    if (cursor === undefined) {
      const last = await trx
        .selectFrom("events")
        .select((eb) => eb.fn.max("id").as("id"))
        .executeTakeFirst();
      await put(trx, CURSOR, String(last?.id ?? 0));
      return 0;
    }
    if (!digestDue(sentAt ? new Date(sentAt) : null, settings.now)) return 0;
    const events = await trx
      .selectFrom("events")
      .select(["id", "type", "payload", "occurredAt"])
      .where("id", ">", Number(cursor))
      .where("type", "in", ["OrderPlaced", "SupportConversationOpened"])
      .where("occurredAt", "<=", new Date(settings.now.getTime() - SETTLE_MS).toISOString())
      .orderBy("id")
      .limit(200)
      .execute();
    if (!events.length) return 0;
    const digest: AdminDigest = { orders: [], conversations: [] };
    for (const event of events) {
      const payload = JSON.parse(event.payload) as unknown;
      if (event.type === "OrderPlaced") digest.orders.push({ ...OrderPlaced.parse(payload), at: event.occurredAt });
      else digest.conversations.push({ ...ConversationOpened.parse(payload), at: event.occurredAt });
    }
    // Whether each order may be delivered, as it stands now (issue 46): a held or rejected one is marked.
    const orderIds = digest.orders.map((o) => o.orderId);
    const risks = orderIds.length ? await trx.selectFrom("orders").select(["id", "riskState"]).where("id", "in", orderIds).execute() : [];
    const riskOf = new Map(risks.map((r) => [r.id, r.riskState]));
    for (const row of digest.orders) {
      const risk = riskOf.get(row.orderId);
      if (risk === "held" || risk === "rejected") row.risk = risk;
    }
    const outbox = settings.outbox(trx);
    const recipients = await settings.recipients(trx);
    for (const to of recipients) await outbox.add({ template: "admin_digest", to, data: digest });
    await put(trx, CURSOR, String(events.at(-1)!.id));
    await put(trx, SENT_AT, settings.now.toISOString());
    return recipients.length;
  });
}

async function put(trx: Tx, key: string, value: string): Promise<void> {
  await trx
    .insertInto("meta")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: dialectOf(trx) === "sqlite" ? sql`excluded.value` : sql`excluded."value"` }))
    .execute();
}

/** The administrators' addresses (the default recipients of the digest). */
export async function administratorAddresses(trx: Tx): Promise<string[]> {
  // better-auth stores the flag as a boolean on PostgreSQL and as 0/1 on SQLite.
  const admin = dialectOf(trx) === "sqlite" ? sql<boolean>`"isAdmin" = 1` : sql<boolean>`"isAdmin" = true`;
  const rows = await trx.selectFrom("user").select("email").where(admin).orderBy("email").execute();
  return rows.map((r) => r.email);
}
