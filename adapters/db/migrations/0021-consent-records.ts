import type { Kysely } from "kysely";
import { createTable, primaryKey, text } from "../migration-kit.ts";

/**
 * Consent records (issue 20): the Terms (and 13+ rule) an account accepted at sign-up, with their
 * version and time, and a signed-in shopper's analytics choices. A history, newest counts; the
 * rows go with the account (cascade, and the account deletion removes them explicitly).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, "consent_records", {
    columns: {
      id: primaryKey("text"),
      userId: text({ references: "user.id", onDelete: "cascade" }),
      kind: text(),
      choice: text(),
      version: text.nullable(),
      recordedAt: text(),
    },
    indexes: { consent_records_user: ["userId", "recordedAt"] },
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("consent_records").execute();
}
