import type { Kysely } from "kysely";
import { addColumns, integer, text, wideInteger } from "../migration-kit.ts";

/**
 * Robux by gamepass: a product's `robuxAmount` (the Robux its buyer receives; null for every other
 * product), the buyer's pass kept on the prepared checkout and copied onto the order (`gamePassId`,
 * a Roblox id that outgrows 32 bits, and `gamePassPrice`, the Robux the pass had to cost when it
 * was checked), and the order's `robuxDueAt`: when the Robux should appear in the buyer's account
 * (the delivery plus Roblox's pending days), which the receipt question waits for.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, "products", { robuxAmount: integer.nullable() });
  for (const table of ["checkouts", "orders"]) await addColumns(db, table, { gamePassId: wideInteger.nullable(), gamePassPrice: integer.nullable() });
  await addColumns(db, "orders", { robuxDueAt: text.nullable() });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("robuxDueAt").execute();
  for (const table of ["orders", "checkouts"]) {
    await db.schema.alterTable(table).dropColumn("gamePassPrice").execute();
    await db.schema.alterTable(table).dropColumn("gamePassId").execute();
  }
  await db.schema.alterTable("products").dropColumn("robuxAmount").execute();
}
