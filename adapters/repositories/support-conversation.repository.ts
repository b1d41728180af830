import type { ExpressionBuilder, Kysely, Selectable } from "kysely";
import type { SupportConversationRepository } from "#domain/support/support-repositories.port.ts";
import type { SupportConversation } from "#domain/support/support-conversation.ts";
import type { Database, SupportConversationsTable } from "../db/schema.ts";

export function toSupportConversation(row: Selectable<SupportConversationsTable>): SupportConversation {
  return {
    id: row.id,
    visitorId: row.visitorId,
    userId: row.userId,
    orderId: row.orderId,
    email: row.email,
    status: row.status,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    lastMessageSeq: Number(row.lastMessageSeq),
  };
}

export function createSupportConversationRepository(db: Kysely<Database>): SupportConversationRepository {
  return {
    async add(c) {
      await db
        .insertInto("support_conversations")
        .values({ ...c, createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString() })
        .execute();
    },

    async find(id) {
      const row = await db.selectFrom("support_conversations").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? toSupportConversation(row) : null;
    },

    async listOwn(viewer) {
      // The same rule as isOwnConversation: the account's conversations, plus this browser's guest ones.
      const guestOnes = (eb: ExpressionBuilder<Database, "support_conversations">) =>
        eb.and([eb("userId", "is", null), eb("visitorId", "=", viewer.visitorId)]);
      const rows = await db
        .selectFrom("support_conversations")
        .selectAll()
        .where((eb) => (viewer.user ? eb.or([eb("userId", "=", viewer.user.id), guestOnes(eb)]) : guestOnes(eb)))
        .orderBy("updatedAt", "desc")
        .orderBy("createdAt", "desc")
        .orderBy("id")
        .execute();
      return rows.map(toSupportConversation);
    },

    async nextMessageSeq(id, at) {
      const row = await db
        .updateTable("support_conversations")
        .set((eb) => ({ lastMessageSeq: eb("lastMessageSeq", "+", 1), updatedAt: at.toISOString() }))
        .where("id", "=", id)
        .where("status", "=", "open")
        .returning("lastMessageSeq")
        .executeTakeFirst();
      return row ? Number(row.lastMessageSeq) : null;
    },

    async close(id, at) {
      const result = await db
        .updateTable("support_conversations")
        .set({ status: "closed", updatedAt: at.toISOString() })
        .where("id", "=", id)
        .where("status", "=", "open")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async moveGuestConversations(visitorId, userId) {
      await db
        .updateTable("support_conversations")
        .set((eb) => ({
          userId,
          // Keep an email the guest gave; otherwise the account's, so the admin can write back.
          email: eb.fn.coalesce("email", eb.selectFrom("user").select("user.email").where("user.id", "=", userId)),
        }))
        .where("visitorId", "=", visitorId)
        .where("userId", "is", null)
        .execute();
    },
  };
}
