import type { Kysely } from "kysely";
import { addColumns, text } from "../migration-kit.ts";

/**
 * Several payment providers at once (PAYMENT_PROVIDERS): a payment goes back to the provider that
 * took it. The order has always recorded it (orders.paymentProvider); now the checkout records which
 * provider opened its payment (the capture goes to that provider), and a queued refund of a payment
 * that became no order records whose payment it refunds. Null on older rows: the one provider then.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, "checkouts", { paymentProvider: text.nullable() });
  await addColumns(db, "payment_refund_queue", { provider: text.nullable() });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("payment_refund_queue").dropColumn("provider").execute();
  await db.schema.alterTable("checkouts").dropColumn("paymentProvider").execute();
}
