import { sql, type Kysely } from "kysely";

/**
 * Issue 36, "everything the shop tells a shopper is true".
 *
 * Back in stock: `stock_alerts` holds each address waiting for a product (from the product page,
 * or an item request staff linked to a product); `stock_watches` the stock each watched product
 * had when the restock notices last looked, so that a change from 0 to more is seen once whatever
 * path restocked it (admin edit, refund, cancellation). `item_requests.productId` is the product
 * staff linked a request to.
 *
 * Confirm receipt: a delivered order's receipt ("received", "not_received", or "silence" when the
 * window ran out), when it was given and the shopper's words.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("stock_alerts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("productId", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    // "waiting", "notified", "unsubscribed".
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("notifiedAt", "text")
    // SHA-256 of the single-purpose unsubscribe token (a restock email carries the token itself).
    .addColumn("unsubscribeTokenHash", "text", (c) => c.notNull())
    .addColumn("itemRequestId", "text")
    .addColumn("clientKey", "text", (c) => c.notNull())
    .execute();
  // First come first served among one product's waiting addresses; one waiting alert per address.
  await db.schema.createIndex("stock_alerts_product_status_created").on("stock_alerts").columns(["productId", "status", "createdAt", "id"]).execute();
  await sql`create unique index stock_alerts_waiting_address on stock_alerts ("productId", "email") where status = 'waiting'`.execute(db);
  await db.schema.createIndex("stock_alerts_token").on("stock_alerts").column("unsubscribeTokenHash").unique().execute();
  // The admin's list, newest first, and the sign-up rate limit.
  await db.schema.createIndex("stock_alerts_created").on("stock_alerts").columns(["createdAt", "id"]).execute();
  await db.schema.createIndex("stock_alerts_status_created").on("stock_alerts").columns(["status", "createdAt", "id"]).execute();
  await db.schema.createIndex("stock_alerts_email_created").on("stock_alerts").columns(["email", "createdAt"]).execute();
  await db.schema.createIndex("stock_alerts_client_created").on("stock_alerts").columns(["clientKey", "createdAt"]).execute();

  await db.schema
    .createTable("stock_watches")
    .addColumn("productId", "text", (c) => c.primaryKey().references("products.id").onDelete("cascade"))
    .addColumn("lastStock", "integer", (c) => c.notNull())
    .execute();

  await db.schema.alterTable("item_requests").addColumn("productId", "text").execute();

  await db.schema.alterTable("orders").addColumn("receipt", "text").execute();
  await db.schema.alterTable("orders").addColumn("receiptAt", "text").execute();
  await db.schema.alterTable("orders").addColumn("receiptNote", "text").execute();
  // The receipt job's queue: delivered orders nobody answered for yet (a few days' deliveries).
  await sql`create index orders_receipt_due on orders ("deliveredAt") where status = 'completed' and receipt is null and "deliveredAt" is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists orders_receipt_due`.execute(db);
  for (const column of ["receiptNote", "receiptAt", "receipt"]) await db.schema.alterTable("orders").dropColumn(column).execute();
  await db.schema.alterTable("item_requests").dropColumn("productId").execute();
  await db.schema.dropTable("stock_watches").ifExists().execute();
  await db.schema.dropTable("stock_alerts").ifExists().execute();
}
