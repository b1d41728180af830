import { sql, SqliteAdapter, type Kysely } from "kysely";

/**
 * The delivery promise (issue 21): every paid order carries a clock. Timestamps are ISO-8601 UTC
 * text like the rest of the schema, so they compare correctly as text on both dialects.
 *
 * Orders placed before this migration carry no promise (deliveryDueAt stays null): the store did
 * not make one to them, and giving them a clock now would make every old open order late at once
 * and compensate it. Their paid time is their placement time (orders were created only after a
 * successful payment), and a completed one counts as delivered at its last change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("paidAt", "text").execute();
  await db.schema.alterTable("orders").addColumn("deliveryDueAt", "text").execute();
  await db.schema.alterTable("orders").addColumn("deliveryStartedAt", "text").execute();
  await db.schema.alterTable("orders").addColumn("deliveryStartedBy", "text").execute();
  await db.schema.alterTable("orders").addColumn("deliveredAt", "text").execute();
  // Set once the deadline passed undelivered; never cleared (late stays late).
  await db.schema.alterTable("orders").addColumn("lateAt", "text").execute();
  // Set in the transaction that credits the compensation: the "once per order" guard.
  await db.schema.alterTable("orders").addColumn("compensatedAt", "text").execute();
  await db.schema.alterTable("orders").addColumn("compensationPoints", "integer").execute();
  // Set when staff were warned that the order is near its deadline and nobody has started it.
  await db.schema.alterTable("orders").addColumn("atRiskAt", "text").execute();
  await sql`update "orders" set "paidAt" = "createdAt"`.execute(db);
  await sql`update "orders" set "deliveredAt" = "updatedAt" where "status" = 'completed'`.execute(db);
  // The late-order job's scan: open promises by deadline.
  await db.schema.createIndex("orders_delivery_due").on("orders").columns(["deliveryDueAt"]).execute();

  // What happened to an order, in order, written in the transaction of each change (the timeline).
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable("order_timeline")
    .addColumn("id", sqlite ? "integer" : "bigserial", (c) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("orderId", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("actorId", "text")
    .execute();
  await db.schema.createIndex("order_timeline_order").on("order_timeline").columns(["orderId", "at"]).execute();
  await sql`insert into "order_timeline" ("orderId", "at", "kind", "text", "actorId")
    select "id", "createdAt", 'placed', 'Order placed', null from "orders"`.execute(db);
  await sql`insert into "order_timeline" ("orderId", "at", "kind", "text", "actorId")
    select "id", "updatedAt", 'delivered', 'Delivered', null from "orders" where "status" = 'completed'`.execute(db);
  await sql`insert into "order_timeline" ("orderId", "at", "kind", "text", "actorId")
    select "id", "updatedAt", 'cancelled', 'Order cancelled', null from "orders" where "status" = 'cancelled'`.execute(db);

  // Screenshots proving a delivery, kept under DATA_DIR/proofs and served only to the order's
  // owner and staff.
  await db.schema
    .createTable("order_proofs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("orderId", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("file", "text", (c) => c.notNull().unique())
    .addColumn("uploadedBy", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_proofs_order").on("order_proofs").columns(["orderId", "createdAt"]).execute();

  // The delivery performance projection (read-models/analytics/delivery.projection.ts).
  await db.schema
    .createTable("rm_order_deliveries")
    .addColumn("orderId", "text", (c) => c.primaryKey())
    .addColumn("deliveredDay", "text")
    .addColumn("minutes", "integer")
    .addColumn("withinSla", "integer")
    .addColumn("lateDay", "text")
    .execute();
  await db.schema.createIndex("rm_order_deliveries_delivered").on("rm_order_deliveries").column("deliveredDay").execute();
  await db.schema.createIndex("rm_order_deliveries_late").on("rm_order_deliveries").column("lateDay").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("rm_order_deliveries").execute();
  await db.schema.dropTable("order_proofs").execute();
  await db.schema.dropTable("order_timeline").execute();
  await db.schema.dropIndex("orders_delivery_due").execute();
  for (const column of [
    "atRiskAt",
    "compensationPoints",
    "compensatedAt",
    "lateAt",
    "deliveredAt",
    "deliveryStartedBy",
    "deliveryStartedAt",
    "deliveryDueAt",
    "paidAt",
  ]) {
    await db.schema.alterTable("orders").dropColumn(column).execute();
  }
}
