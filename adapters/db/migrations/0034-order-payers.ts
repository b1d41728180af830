import type { Kysely } from "kysely";
import { createTable, primaryKey, text } from "../migration-kit.ts";

/**
 * Who paid an order and from where (issue 37): the PayPal payer (id, email, country) as the capture
 * answered it, and the buyer's address (IP) as the store's trusted-proxy setting resolved it. They feed
 * the risk rules about distinct payers, a payer unlike the account and orders per address. Kept apart
 * from `orders` because they are personal data: order lists never read this table, the account's data
 * export includes it and the account's deletion erases it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, "order_payers", {
    columns: {
      orderId: primaryKey("text"),
      userId: text(),
      payerId: text.nullable(),
      // Lowered, as compared with the account's email.
      payerEmail: text.nullable(),
      // ISO 3166-1 alpha-2, upper case.
      payerCountry: text.nullable(),
      clientIp: text.nullable(),
      createdAt: text(),
    },
    // Each payment's look-ups: an account's payers of the last day, a payer's other accounts, an address's last hour.
    indexes: { order_payers_user: ["userId", "createdAt"], order_payers_payer: ["payerId", "createdAt"], order_payers_ip: ["clientIp", "createdAt"] },
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("order_payers").ifExists().execute();
}
