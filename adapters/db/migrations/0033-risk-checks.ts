import { sql, type Kysely } from "kysely";

/**
 * Risk checks before delivery (issue 37): each order's risk state, score and reasons; the owner's
 * risk settings (one row); the blocklist. A held order has no delivery deadline (deliveryDueAt null)
 * until staff approve it, so the delivery and lateness indexes of 0027 leave it out as they are.
 */
export const HELD = `"riskState" = 'held'`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("riskState", "text", (c) => c.notNull().defaultTo("clear"))
    .execute();
  await db.schema
    .alterTable("orders")
    .addColumn("riskScore", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // The reasons as a JSON array of plain-words strings, copied when the order was scored.
  await db.schema
    .alterTable("orders")
    .addColumn("riskReasons", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema.alterTable("orders").addColumn("riskDecidedAt", "text").execute();
  await db.schema.alterTable("orders").addColumn("riskDecidedBy", "text").execute();
  await db.schema.alterTable("orders").addColumn("riskNote", "text").execute();
  // The Risk queue (listOrders with risk=held): a handful of rows, never the shop's history.
  await sql`create index orders_risk_held on orders ("createdAt", id) where ${sql.raw(HELD)}`.execute(db);
  await db.schema
    .createTable("risk_settings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("holdScore", "integer", (c) => c.notNull())
    .addColumn("weights", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("blocklist")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    // Lowered (emails, domains and usernames compare without case).
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("createdBy", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("blocklist_kind_value").on("blocklist").columns(["kind", "value"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("blocklist").ifExists().execute();
  await db.schema.dropTable("risk_settings").ifExists().execute();
  await sql`drop index if exists orders_risk_held`.execute(db);
  for (const column of ["riskNote", "riskDecidedBy", "riskDecidedAt", "riskReasons", "riskScore", "riskState"]) {
    await db.schema.alterTable("orders").dropColumn(column).execute();
  }
}
