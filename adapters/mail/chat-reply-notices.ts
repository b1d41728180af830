import { sql, type Kysely } from "kysely";
import { CHAT_REPLY_UNREAD_MS, chatReplyEmailDue } from "#domain/mail/mail.ts";
import type { MailOutbox } from "#domain/mail/mail-outbox.port.ts";
import type { ChatReadMarks } from "#domain/support/chat-read-marks.port.ts";
import type { Database } from "../db/schema.ts";
import { lockName } from "../db/transaction-locks.ts";
import type { Tx } from "../db/database.ts";

/** Replies older than this are not emailed any more (the worker was down, or the chat is old news). */
const LOOK_BACK_MS = 24 * 60 * 60_000;
const EXCERPT_CHARS = 300;

export const supportChatKey = (conversationId: string) => `support:${conversationId}`;
export const orderChatKey = (orderId: string) => `order:${orderId}`;

/**
 * Records that the shopper has seen a chat up to position `seq` (a poll handed them the store's
 * reply). Only moves forward; one small upsert, made only when a poll returned a reply.
 */
export async function markChatRead(db: Kysely<Database>, chatKey: string, seq: number): Promise<void> {
  await db
    .insertInto("chat_reads")
    .values({ chatKey, readSeq: seq, notifiedSeq: 0, notifiedAt: null })
    .onConflict((oc) =>
      oc
        .column("chatKey")
        .doUpdateSet({ readSeq: sql`case when "chat_reads"."readSeq" < excluded."readSeq" then excluded."readSeq" else "chat_reads"."readSeq" end` }),
    )
    .execute();
}

/** The chat read marks of the support module, kept in chat_reads. */
export function createChatReadMarks(db: Kysely<Database>): ChatReadMarks {
  return { markRead: (chat, seq) => markChatRead(db, "support" in chat ? supportChatKey(chat.support) : orderChatKey(chat.order), seq) };
}

interface Reply {
  chatKey: string;
  chat: "support" | "order";
  orderId: string | null;
  seq: number;
  createdAt: string;
  message: string;
  to: string | null;
}

/**
 * Emails the shopper each reply from the store left unread for 10 minutes (chatReplyEmailDue), at
 * most one email per chat an hour. One transaction under a lock (several processes email once):
 * the outbox rows and the chats' "emailed up to" marks together.
 */
export async function queueChatReplyEmails(db: Kysely<Database>, settings: { now: Date; outbox: (trx: Tx) => MailOutbox }): Promise<number> {
  const now = settings.now;
  const from = new Date(now.getTime() - LOOK_BACK_MS).toISOString();
  const until = new Date(now.getTime() - CHAT_REPLY_UNREAD_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    await lockName(trx, "chat-reply-notices");
    const support = await trx
      .selectFrom("support_messages as m")
      .innerJoin("support_conversations as c", "c.id", "m.conversationId")
      .leftJoin("user as u", "u.id", "c.userId")
      .select(["m.conversationId as id", "m.seq", "m.createdAt", "m.message", "u.email as userEmail", "c.email as givenEmail"])
      .where("m.sender", "=", "admin")
      .where("m.createdAt", ">=", from)
      .where("m.createdAt", "<=", until)
      .where("c.updatedAt", ">=", from)
      .execute();
    const orders = await trx
      .selectFrom("order_messages as m")
      .innerJoin("orders as o", "o.id", "m.orderId")
      .select(["m.orderId as id", "m.seq", "m.createdAt", "m.message", "o.email"])
      .where("m.sender", "=", "admin")
      .where("m.createdAt", ">=", from)
      .where("m.createdAt", "<=", until)
      .execute();
    // The latest such reply of each chat.
    const latest = new Map<string, Reply>();
    const keep = (reply: Reply) => {
      const seen = latest.get(reply.chatKey);
      if (!seen || seen.seq < reply.seq) latest.set(reply.chatKey, reply);
    };
    for (const r of support)
      keep({
        chatKey: supportChatKey(r.id),
        chat: "support",
        orderId: null,
        seq: r.seq,
        createdAt: r.createdAt,
        message: r.message,
        to: r.userEmail ?? r.givenEmail,
      });
    for (const r of orders)
      keep({ chatKey: orderChatKey(r.id), chat: "order", orderId: r.id, seq: r.seq, createdAt: r.createdAt, message: r.message, to: r.email });
    if (!latest.size) return 0;
    const states = await trx
      .selectFrom("chat_reads")
      .selectAll()
      .where("chatKey", "in", [...latest.keys()])
      .execute();
    const stateOf = new Map(states.map((s) => [s.chatKey, s]));
    const outbox = settings.outbox(trx);
    let queued = 0;
    for (const reply of latest.values()) {
      if (!reply.to) continue;
      const state = stateOf.get(reply.chatKey);
      const chat = { readSeq: state?.readSeq ?? 0, notifiedSeq: state?.notifiedSeq ?? 0, notifiedAt: state?.notifiedAt ? new Date(state.notifiedAt) : null };
      if (!chatReplyEmailDue({ seq: reply.seq, createdAt: new Date(reply.createdAt) }, chat, now)) continue;
      const excerpt = reply.message.length > EXCERPT_CHARS ? `${reply.message.slice(0, EXCERPT_CHARS)}…` : reply.message;
      await outbox.add({ template: "chat_reply", to: reply.to, data: { chat: reply.chat, orderId: reply.orderId, excerpt } });
      await trx
        .insertInto("chat_reads")
        .values({ chatKey: reply.chatKey, readSeq: 0, notifiedSeq: reply.seq, notifiedAt: now.toISOString() })
        .onConflict((oc) => oc.column("chatKey").doUpdateSet({ notifiedSeq: reply.seq, notifiedAt: now.toISOString() }))
        .execute();
      queued++;
    }
    return queued;
  });
}
