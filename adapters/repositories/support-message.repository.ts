import type { Kysely } from "kysely";
import type { ChatMessage } from "#domain/support/chat-message.ts";
import type { SupportMessageRepository } from "#domain/support/support-repositories.port.ts";
import type { Database } from "../db/schema.ts";

export function toChatMessage(row: { id: string; seq: number; sender: "user" | "admin"; message: string; createdAt: string }): ChatMessage {
  return { id: row.id, seq: Number(row.seq), sender: row.sender, message: row.message, createdAt: new Date(row.createdAt) };
}

export function createSupportMessageRepository(db: Kysely<Database>): SupportMessageRepository {
  return {
    async add(conversationId, m) {
      await db
        .insertInto("support_messages")
        .values({ id: m.id, conversationId, seq: m.seq, sender: m.sender, message: m.message, createdAt: m.createdAt.toISOString() })
        .execute();
    },

    async listAfter(conversationId, afterSeq) {
      const rows = await db
        .selectFrom("support_messages")
        .select(["id", "seq", "sender", "message", "createdAt"])
        .where("conversationId", "=", conversationId)
        .where("seq", ">", afterSeq)
        .orderBy("seq")
        .execute();
      return rows.map(toChatMessage);
    },

    async seqOf(conversationId, messageId) {
      const row = await db
        .selectFrom("support_messages")
        .select("seq")
        .where("id", "=", messageId)
        .where("conversationId", "=", conversationId)
        .executeTakeFirst();
      return row ? Number(row.seq) : null;
    },
  };
}
