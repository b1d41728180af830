import type { Kysely } from "kysely";

/**
 * The mail outbox (issue 19): every message the store sends is first a row here, written in the
 * transaction of the change it reports; the worker (adapters/mail/mail-worker.ts) delivers it.
 * `data` is the message's facts as JSON; subject, html and text are filled in when it is sent.
 * A row is claimed by setting `claim` and `lockedUntil` (a lease): a worker that dies holding it
 * lets the lease run out and another takes it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("template", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("nextAttemptAt", "text", (c) => c.notNull())
    .addColumn("lockedUntil", "text")
    .addColumn("claim", "text")
    .addColumn("lastError", "text")
    .addColumn("html", "text")
    .addColumn("text", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("sentAt", "text")
    .execute();
  await db.schema.createIndex("mail_outbox_due").on("mail_outbox").columns(["status", "nextAttemptAt"]).execute();
  await db.schema.createIndex("mail_outbox_created").on("mail_outbox").columns(["createdAt"]).execute();
  await db.schema.createIndex("mail_outbox_recipient").on("mail_outbox").columns(["recipient", "template"]).execute();
  // The promo dialog's codes: one per address, ever (the primary key decides between racing claims).
  await db.schema
    .createTable("promo_claims")
    .addColumn("email", "text", (c) => c.primaryKey())
    .addColumn("discountCodeId", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  // How far a shopper has read each chat ("support:<id>", "order:<id>"), and up to which reply they
  // were emailed: a reply left unread for 10 minutes is emailed, at most one email per chat an hour.
  await db.schema
    .createTable("chat_reads")
    .addColumn("chatKey", "text", (c) => c.primaryKey())
    .addColumn("readSeq", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("notifiedSeq", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("notifiedAt", "text")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("chat_reads").ifExists().execute();
  await db.schema.dropTable("promo_claims").ifExists().execute();
  await db.schema.dropTable("mail_outbox").ifExists().execute();
}
