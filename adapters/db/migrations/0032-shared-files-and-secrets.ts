import { SqliteAdapter, type Kysely } from "kysely";

/**
 * What several app processes (several machines) must share and used to keep on one machine's disk
 * (issue 39): uploaded files' bytes (`stored_files`, the default file store) and the generated
 * secret that signs sessions (`auth_secrets`, versioned for rotation). And the request that queued
 * an email (`mail_outbox.requestId`), so a delivery's log lines join the request's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable("stored_files")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("contentType", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("bytes", sqlite ? "blob" : "bytea", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("auth_secrets")
    .addColumn("version", "integer", (c) => c.primaryKey())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    // Set when a newer version replaced it: it then only verifies, until this time.
    .addColumn("verifiesUntil", "text")
    .execute();
  await db.schema.alterTable("mail_outbox").addColumn("requestId", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("mail_outbox").dropColumn("requestId").execute();
  await db.schema.dropTable("auth_secrets").execute();
  await db.schema.dropTable("stored_files").execute();
}
