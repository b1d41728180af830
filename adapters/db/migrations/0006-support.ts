import { sql, type Kysely } from "kysely";
import { createTable, integer, primaryKey, text } from "../migration-kit.ts";

// Support conversations and their messages, the chat on each order, and the rate-limit counters.
// Message positions (`seq`) are taken from a counter row of their chat in the same transaction as
// the insert, so a poll asking for "after position n" can never skip a message.
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, "supportConversations", {
    columns: {
      id: primaryKey("text"),
      // The spec's sessionId: the guest's visitor cookie id.
      visitorId: text(),
      // A deleted account takes its conversations with it.
      userId: text.nullable({ references: "user.id", onDelete: "cascade" }),
      // No foreign key: the orders table comes with the ordering module's own migration.
      orderId: text.nullable(),
      email: text.nullable(),
      status: text({ default: "open", check: sql`"status" in ('open', 'closed')` }),
      lastMessageSeq: integer({ default: 0 }),
      createdAt: text(),
      updatedAt: text(),
    },
    indexes: {
      supportConversations_user: ["userId", "updatedAt"],
      supportConversations_visitor: ["visitorId", "updatedAt"],
      supportConversations_activity: ["updatedAt"],
    },
  });

  // A message of a chat: its position there, who wrote it and the words.
  const messageColumns = { seq: integer(), sender: text({ check: sql`"sender" in ('user', 'admin')` }), message: text(), createdAt: text() };
  await createTable(db, "supportMessages", {
    columns: { id: primaryKey("text"), conversationId: text({ references: "supportConversations.id", onDelete: "cascade" }), ...messageColumns },
    unique: { supportMessages_position: ["conversationId", "seq"] },
  });

  // One row per order that has a chat: the position of its last message. orderId has no foreign
  // key because the orders table is created by another module's migration; add it once both exist.
  await createTable(db, "orderChats", { columns: { orderId: primaryKey("text"), lastMessageSeq: integer(), updatedAt: text() } });

  await createTable(db, "orderMessages", {
    // No foreign key to orders yet, for the same reason as orderChats.
    columns: { id: primaryKey("text"), orderId: text(), ...messageColumns },
    unique: { orderMessages_position: ["orderId", "seq"] },
  });

  // Fixed-window counters (key = what is limited and for whom), kept in the database so a limit
  // holds across restarts and server processes.
  await createTable(db, "rateLimitCounters", { columns: { key: primaryKey("text"), windowStart: text(), hits: integer() } });
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["rateLimitCounters", "orderMessages", "orderChats", "supportMessages", "supportConversations"]) {
    await db.schema.dropTable(table).execute();
  }
}
