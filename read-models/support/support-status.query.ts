import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { PRESENCE_WINDOW_MS } from "#domain/shop-facts/note-staff-presence.ts";
import { readShopSettings } from "#read-models/storefront/shop-settings.query.ts";
import type { SupportStatusView } from "./support-status.views.ts";

/** The wait shown is measured over this many days of conversations. */
export const FIRST_REPLY_WINDOW_MS = 7 * 86_400_000;

/** The live support facts (issue 36): who is there, how fast they answered lately, and the hours. */
export async function readSupportStatus(db: Kysely<Database>, now: Date): Promise<SupportStatusView> {
  const [agentsOnline, medianFirstReplyMinutes, settings] = await Promise.all([countAgentsOnline(db, now), medianFirstReply(db, now), readShopSettings(db)]);
  return { online: agentsOnline > 0, agentsOnline, medianFirstReplyMinutes, hours: settings.support.hours };
}

/** Staff whose panel sent a heartbeat within the presence window. */
export async function countAgentsOnline(db: Kysely<Database>, now: Date): Promise<number> {
  const row = await db
    .selectFrom("staff_presence")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("seenAt", ">=", new Date(now.getTime() - PRESENCE_WINDOW_MS).toISOString())
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Per conversation started in the last 7 days: its first shopper message and first staff message
 * (through the conversations' creation index and each one's messages by position); the median of
 * the gaps of those answered, in whole minutes rounded up (a 20-second reply is "1 minute").
 */
export async function medianFirstReply(db: Kysely<Database>, now: Date): Promise<number | null> {
  const rows = await db
    .selectFrom("support_conversations as c")
    .innerJoin("support_messages as m", "m.conversationId", "c.id")
    .select((eb) => [
      eb.fn.min(eb.case().when("m.sender", "=", "user").then(eb.ref("m.createdAt")).end()).as("asked"),
      eb.fn.min(eb.case().when("m.sender", "=", "admin").then(eb.ref("m.createdAt")).end()).as("answered"),
    ])
    .where("c.createdAt", ">=", new Date(now.getTime() - FIRST_REPLY_WINDOW_MS).toISOString())
    .groupBy("c.id")
    .execute();
  const gaps = rows
    .filter((r): r is { asked: string; answered: string } => typeof r.asked === "string" && typeof r.answered === "string" && r.answered >= r.asked)
    .map((r) => (Date.parse(r.answered) - Date.parse(r.asked)) / 60_000)
    .sort((a, b) => a - b);
  if (gaps.length === 0) return null;
  const middle = gaps.length / 2;
  const median = gaps.length % 2 === 1 ? gaps[Math.floor(middle)]! : (gaps[middle - 1]! + gaps[middle]!) / 2;
  return Math.max(1, Math.ceil(median));
}
