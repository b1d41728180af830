import type { Kysely } from "kysely";

/**
 * The refund a cancellation owes, written in the cancellation's transaction and removed once the
 * refund path has made it: a refund whose call failed, or whose process stopped after the cancel
 * committed, is tried again by the late-order job instead of being lost.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("cancel_refunds")
    .addColumn("orderId", "text", (c) => c.primaryKey().references("orders.id").onDelete("cascade"))
    .addColumn("destination", "text", (c) => c.notNull())
    .addColumn("dueAt", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("cancel_refunds_due").on("cancel_refunds").columns(["dueAt", "orderId"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("cancel_refunds").execute();
}
