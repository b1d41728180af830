import { sql, type Kysely } from "kysely";

// Support conversations and their messages, the chat on each order, and the rate-limit counters.
// Message positions (`seq`) are taken from a counter row of their chat in the same transaction as
// the insert, so a poll asking for "after position n" can never skip a message.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("supportConversations")
    .addColumn("id", "text", (c) => c.primaryKey())
    // The spec's sessionId: the guest's visitor cookie id.
    .addColumn("visitorId", "text", (c) => c.notNull())
    // A deleted account takes its conversations with it.
    .addColumn("userId", "text", (c) => c.references("user.id").onDelete("cascade"))
    // No foreign key: the orders table comes with the ordering module's own migration.
    .addColumn("orderId", "text")
    .addColumn("email", "text")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("open")
        .check(sql`"status" in ('open', 'closed')`),
    )
    .addColumn("lastMessageSeq", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("supportConversations_user").on("supportConversations").columns(["userId", "updatedAt"]).execute();
  await db.schema.createIndex("supportConversations_visitor").on("supportConversations").columns(["visitorId", "updatedAt"]).execute();
  await db.schema.createIndex("supportConversations_activity").on("supportConversations").column("updatedAt").execute();

  await db.schema
    .createTable("supportMessages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("conversationId", "text", (c) => c.notNull().references("supportConversations.id").onDelete("cascade"))
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("sender", "text", (c) => c.notNull().check(sql`"sender" in ('user', 'admin')`))
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addUniqueConstraint("supportMessages_position", ["conversationId", "seq"])
    .execute();

  // One row per order that has a chat: the position of its last message. orderId has no foreign
  // key because the orders table is created by another module's migration; add it once both exist.
  await db.schema
    .createTable("orderChats")
    .addColumn("orderId", "text", (c) => c.primaryKey())
    .addColumn("lastMessageSeq", "integer", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("orderMessages")
    .addColumn("id", "text", (c) => c.primaryKey())
    // No foreign key to orders yet, for the same reason as orderChats.
    .addColumn("orderId", "text", (c) => c.notNull())
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("sender", "text", (c) => c.notNull().check(sql`"sender" in ('user', 'admin')`))
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addUniqueConstraint("orderMessages_position", ["orderId", "seq"])
    .execute();

  // Fixed-window counters (key = what is limited and for whom), kept in the database so a limit
  // holds across restarts and server processes.
  await db.schema
    .createTable("rateLimitCounters")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("windowStart", "text", (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["rateLimitCounters", "orderMessages", "orderChats", "supportMessages", "supportConversations"]) {
    await db.schema.dropTable(table).execute();
  }
}
