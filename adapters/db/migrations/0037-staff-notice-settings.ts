import type { Kysely } from "kysely";

/**
 * Each staff member's Notices settings on the server (issue 38): sound and browser notification
 * per kind of notice, as one small JSON object, so they follow the person to another browser.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("staff_notice_settings")
    .addColumn("userId", "text", (c) => c.primaryKey())
    .addColumn("settings", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("staff_notice_settings").ifExists().execute();
}
