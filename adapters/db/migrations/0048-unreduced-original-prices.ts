import { sql, type Kysely } from "kysely";

/**
 * The product editor saved an original price at or below the price (issue 47), which the
 * storefront showed struck through beside the price: "$9.99 ~~$4.99~~". The editor and the API now
 * refuse one (domain/catalogue/product.ts, originalPriceProblem), and such a figure is no original
 * price: the ones already saved are cleared, so the product shows its price alone and the next edit
 * of any of its fields is not refused for a figure nobody typed in that edit.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update products set "originalPriceCents" = null where "originalPriceCents" is not null and "originalPriceCents" <= "priceCents"`.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to undo: a cleared figure was never a reduction.
}
