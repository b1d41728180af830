import { sql, type Kysely } from "kysely";
import { addColumns, createIndexes, createTable, integer, logPosition, primaryKey, text } from "../migration-kit.ts";

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
  await addColumns(db, "orders", {
    paidAt: text.nullable(),
    deliveryDueAt: text.nullable(),
    deliveryStartedAt: text.nullable(),
    deliveryStartedBy: text.nullable(),
    deliveredAt: text.nullable(),
    // Set once the deadline passed undelivered; never cleared (late stays late).
    lateAt: text.nullable(),
    // Set in the transaction that credits the compensation: the "once per order" guard.
    compensatedAt: text.nullable(),
    compensationPoints: integer.nullable(),
    // Set when staff were warned that the order is near its deadline and nobody has started it.
    atRiskAt: text.nullable(),
  });
  await sql`update "orders" set "paidAt" = "createdAt"`.execute(db);
  await sql`update "orders" set "deliveredAt" = "updatedAt" where "status" = 'completed'`.execute(db);
  // The late-order job's scan: open promises by deadline.
  await createIndexes(db, "orders", { orders_delivery_due: ["deliveryDueAt"] });

  // What happened to an order, in order, written in the transaction of each change (the timeline).
  const orderCascade = { references: "orders.id", onDelete: "cascade" } as const;
  await createTable(db, "order_timeline", {
    columns: { id: logPosition(), orderId: text(orderCascade), at: text(), kind: text(), text: text(), actorId: text.nullable() },
    indexes: { order_timeline_order: ["orderId", "at"] },
  });
  await sql`insert into "order_timeline" ("orderId", "at", "kind", "text", "actorId")
    select "id", "createdAt", 'placed', 'Order placed', null from "orders"`.execute(db);
  await sql`insert into "order_timeline" ("orderId", "at", "kind", "text", "actorId")
    select "id", "updatedAt", 'delivered', 'Delivered', null from "orders" where "status" = 'completed'`.execute(db);
  await sql`insert into "order_timeline" ("orderId", "at", "kind", "text", "actorId")
    select "id", "updatedAt", 'cancelled', 'Order cancelled', null from "orders" where "status" = 'cancelled'`.execute(db);

  // Screenshots proving a delivery, kept under DATA_DIR/proofs and served only to the order's
  // owner and staff.
  await createTable(db, "order_proofs", {
    columns: { id: primaryKey("text"), orderId: text(orderCascade), file: text({ unique: true }), uploadedBy: text(), createdAt: text() },
    indexes: { order_proofs_order: ["orderId", "createdAt"] },
  });

  // The delivery performance projection (read-models/analytics/delivery.projection.ts).
  await createTable(db, "rm_order_deliveries", {
    columns: {
      orderId: primaryKey("text"),
      deliveredDay: text.nullable(),
      minutes: integer.nullable(),
      withinSla: integer.nullable(),
      lateDay: text.nullable(),
    },
    indexes: { rm_order_deliveries_delivered: ["deliveredDay"], rm_order_deliveries_late: ["lateDay"] },
  });
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
