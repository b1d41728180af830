import { sql, SqliteAdapter, type Kysely } from "kysely";

/**
 * What the shop tells a shopper comes from its data or its owner's words (issue 36).
 *
 * - `shop_settings`: what the owner enters in the panel's Settings tab, one JSON document per
 *   section (the announcement and its sale, the support hours, the shop-wide figures with their
 *   sources). The storefront's cached pages show them, so a write bumps `catalogue_version` in the
 *   same transaction, by trigger like the catalogue tables (migration 0012).
 * - `staff_presence`: when each staff member last had the panel's Support or Orders tab open; the
 *   support status counts those seen in the last few minutes. One row per staff member, written at
 *   most once a minute (adapters/repositories/staff-presence.repository.ts).
 * - The support status's median first reply reads the conversations of the last 7 days by their
 *   creation time, and a shopper's place in the queue the open conversations in creation order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("shop_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .addColumn("updatedBy", "text")
    .execute();
  await db.schema
    .createTable("staff_presence")
    .addColumn("userId", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("seenAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("staff_presence_seen").on("staff_presence").column("seenAt").execute();
  await db.schema.createIndex("support_conversations_created").on("support_conversations").column("createdAt").execute();
  await db.schema.createIndex("support_conversations_open").on("support_conversations").columns(["status", "createdAt"]).execute();

  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    // The function bump_catalogue_version() exists since migration 0012.
    await sql`create constraint trigger shop_settings_bumps_catalogue_version after insert or update or delete on shop_settings
      deferrable initially deferred for each row execute function bump_catalogue_version()`.execute(db);
    return;
  }
  for (const event of ["insert", "update", "delete"] as const) {
    await sql`create trigger ${sql.id(`shop_settings_${event}_bumps_catalogue_version`)} after ${sql.raw(event)} on shop_settings
      begin update catalogue_version set version = version + 1 where id = 1; end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`drop trigger if exists shop_settings_bumps_catalogue_version on shop_settings`.execute(db);
  } else {
    for (const event of ["insert", "update", "delete"])
      await sql`drop trigger if exists ${sql.id(`shop_settings_${event}_bumps_catalogue_version`)}`.execute(db);
  }
  await db.schema.dropIndex("support_conversations_open").execute();
  await db.schema.dropIndex("support_conversations_created").execute();
  await db.schema.dropTable("staff_presence").execute();
  await db.schema.dropTable("shop_settings").execute();
}
