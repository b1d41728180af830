import type { Kysely } from "kysely";

/**
 * Consent records (issue 20): the Terms (and 13+ rule) an account accepted at sign-up, with their
 * version and time, and a signed-in shopper's analytics choices. A history, newest counts; the
 * rows go with the account (cascade, and the account deletion removes them explicitly).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("consent_records")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("choice", "text", (c) => c.notNull())
    .addColumn("version", "text")
    .addColumn("recordedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("consent_records_user").on("consent_records").columns(["userId", "recordedAt"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("consent_records").execute();
}
