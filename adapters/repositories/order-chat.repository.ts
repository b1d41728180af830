import type { Kysely } from "kysely";
import type { OrderChatRepository } from "#domain/support/order-chat-repositories.port.ts";
import type { Database } from "../db/schema.ts";
import { toChatMessage } from "./support-message.repository.ts";

export function createOrderChatRepository(db: Kysely<Database>): OrderChatRepository {
  return {
    async lastSeq(orderId) {
      const row = await db.selectFrom("order_chats").select("lastMessageSeq").where("orderId", "=", orderId).executeTakeFirst();
      return row ? Number(row.lastMessageSeq) : 0;
    },

    async nextSeq(orderId, at) {
      // An upsert (SQLite 3.35+ and PostgreSQL both have ON CONFLICT ... DO UPDATE ... RETURNING).
      const row = await db
        .insertInto("order_chats")
        .values({ orderId, lastMessageSeq: 1, updatedAt: at.toISOString() })
        .onConflict((oc) =>
          oc.column("orderId").doUpdateSet((eb) => ({ lastMessageSeq: eb("order_chats.lastMessageSeq", "+", 1), updatedAt: at.toISOString() })),
        )
        .returning("lastMessageSeq")
        .executeTakeFirstOrThrow();
      return Number(row.lastMessageSeq);
    },

    async add(orderId, m) {
      await db
        .insertInto("order_messages")
        .values({ id: m.id, orderId, seq: m.seq, sender: m.sender, message: m.message, createdAt: m.createdAt.toISOString() })
        .execute();
    },

    async listAfter(orderId, afterSeq) {
      const rows = await db
        .selectFrom("order_messages")
        .select(["id", "seq", "sender", "message", "createdAt"])
        .where("orderId", "=", orderId)
        .where("seq", ">", afterSeq)
        .orderBy("seq")
        .execute();
      return rows.map(toChatMessage);
    },

    async seqOf(orderId, messageId) {
      const row = await db.selectFrom("order_messages").select("seq").where("id", "=", messageId).where("orderId", "=", orderId).executeTakeFirst();
      return row ? Number(row.seq) : null;
    },
  };
}
