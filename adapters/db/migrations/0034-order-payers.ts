import type { Kysely } from "kysely";

/**
 * Who paid an order and from where (issue 37): the PayPal payer (id, email, country) as the capture
 * answered it, and the buyer's address (IP) as the store's trusted-proxy setting resolved it. They feed
 * the risk rules about distinct payers, a payer unlike the account and orders per address. Kept apart
 * from `orders` because they are personal data: order lists never read this table, the account's data
 * export includes it and the account's deletion erases it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("order_payers")
    .addColumn("orderId", "text", (c) => c.primaryKey())
    .addColumn("userId", "text", (c) => c.notNull())
    .addColumn("payerId", "text")
    // Lowered, as compared with the account's email.
    .addColumn("payerEmail", "text")
    // ISO 3166-1 alpha-2, upper case.
    .addColumn("payerCountry", "text")
    .addColumn("clientIp", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  // Each payment's look-ups: an account's payers of the last day, a payer's other accounts, an address's last hour.
  await db.schema.createIndex("order_payers_user").on("order_payers").columns(["userId", "createdAt"]).execute();
  await db.schema.createIndex("order_payers_payer").on("order_payers").columns(["payerId", "createdAt"]).execute();
  await db.schema.createIndex("order_payers_ip").on("order_payers").columns(["clientIp", "createdAt"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("order_payers").ifExists().execute();
}
