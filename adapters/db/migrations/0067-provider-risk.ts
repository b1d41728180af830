import type { Kysely } from "kysely";
import { addColumns, text } from "../migration-kit.ts";

/**
 * The payment provider's own risk verdict on an order's payment (Stripe Radar's outcome.risk_level:
 * normal, elevated, highest), beside the payer it reported: read by the provider_risk_elevated rule.
 * Null when the provider gives none (PayPal, the sandbox) and on older orders. Erased with the payer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, "order_payers", { providerRisk: text.nullable() });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("order_payers").dropColumn("providerRisk").execute();
}
