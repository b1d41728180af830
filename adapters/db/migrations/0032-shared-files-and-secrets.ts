import type { Kysely } from "kysely";
import { addColumns, bytes, createTable, integer, primaryKey, text } from "../migration-kit.ts";

/**
 * What several app processes (several machines) must share and used to keep on one machine's disk
 * (issue 39): uploaded files' bytes (`stored_files`, the default file store) and the generated
 * secret that signs sessions (`auth_secrets`, versioned for rotation). And the request that queued
 * an email (`mail_outbox.requestId`), so a delivery's log lines join the request's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, "stored_files", {
    columns: { key: primaryKey("text"), contentType: text(), size: integer(), sha256: text(), bytes: bytes(), createdAt: text() },
  });
  await createTable(db, "auth_secrets", {
    columns: {
      version: primaryKey("integer"),
      secret: text(),
      createdAt: text(),
      // Set when a newer version replaced it: it then only verifies, until this time.
      verifiesUntil: text.nullable(),
    },
  });
  await addColumns(db, "mail_outbox", { requestId: text.nullable() });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("mail_outbox").dropColumn("requestId").execute();
  await db.schema.dropTable("auth_secrets").execute();
  await db.schema.dropTable("stored_files").execute();
}
