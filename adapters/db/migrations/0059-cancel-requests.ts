import { sql, type Kysely } from "kysely";

/**
 * A shopper's request to cancel an order staff have started: one per order, open until staff grant
 * or refuse it, or the store grants it when nobody answered within the owner's hours. The job finds
 * the open ones oldest first through OPEN_CANCEL_REQUESTS (its predicate verbatim).
 */
export const OPEN_CANCEL_REQUESTS = `"status" = 'open'`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("cancel_requests")
    .addColumn("orderId", "text", (c) => c.primaryKey().references("orders.id").onDelete("cascade"))
    .addColumn("userId", "text", (c) => c.notNull())
    .addColumn("refundTo", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
    .addColumn("requestedAt", "text", (c) => c.notNull())
    .addColumn("decidedAt", "text")
    .addColumn("decidedBy", "text")
    .addColumn("note", "text")
    .execute();
  await db.schema
    .createIndex("cancel_requests_open")
    .on("cancel_requests")
    .columns(["requestedAt", "orderId"])
    .where(sql<boolean>`${sql.raw(OPEN_CANCEL_REQUESTS)}`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("cancel_requests").execute();
}
