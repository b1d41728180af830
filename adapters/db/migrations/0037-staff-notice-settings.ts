import type { Kysely } from "kysely";
import { createTable, primaryKey, text } from "../migration-kit.ts";

/**
 * Each staff member's Notices settings on the server (issue 38): sound and browser notification
 * per kind of notice, as one small JSON object, so they follow the person to another browser.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, "staff_notice_settings", { columns: { userId: primaryKey("text"), settings: text(), updatedAt: text() } });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("staff_notice_settings").ifExists().execute();
}
