import { sql, type Kysely } from "kysely";
import { addColumns, createTable, integer, primaryKey, text } from "../migration-kit.ts";

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
  await createTable(db, "stock_alerts", {
    columns: {
      id: primaryKey("text"),
      productId: text({ references: "products.id", onDelete: "cascade" }),
      email: text(),
      // "waiting", "notified", "unsubscribed".
      status: text(),
      createdAt: text(),
      notifiedAt: text.nullable(),
      // SHA-256 of the single-purpose unsubscribe token (a restock email carries the token itself).
      unsubscribeTokenHash: text(),
      itemRequestId: text.nullable(),
      clientKey: text(),
    },
    indexes: {
      // First come first served among one product's waiting addresses.
      stock_alerts_product_status_created: ["productId", "status", "createdAt", "id"],
      stock_alerts_token: { columns: ["unsubscribeTokenHash"], unique: true },
      // The admin's list, newest first, and the sign-up rate limit.
      stock_alerts_created: ["createdAt", "id"],
      stock_alerts_status_created: ["status", "createdAt", "id"],
      stock_alerts_email_created: ["email", "createdAt"],
      stock_alerts_client_created: ["clientKey", "createdAt"],
    },
  });
  // One waiting alert per address.
  await sql`create unique index stock_alerts_waiting_address on stock_alerts ("productId", "email") where status = 'waiting'`.execute(db);

  await createTable(db, "stock_watches", {
    columns: { productId: primaryKey("text", { references: "products.id", onDelete: "cascade" }), lastStock: integer() },
  });

  await addColumns(db, "item_requests", { productId: text.nullable() });

  await addColumns(db, "orders", { receipt: text.nullable(), receiptAt: text.nullable(), receiptNote: text.nullable() });
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
