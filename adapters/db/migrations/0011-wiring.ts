import type { Kysely } from "kysely";
import { addColumns, integer } from "../migration-kit.ts";

// Store credit at checkout (issue 7 wired into issue 4): the prepared checkout and the order record
// how much store credit pays for them; the payment is asked only for the rest. 0 for older rows.
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["checkouts", "orders"]) await addColumns(db, table, { creditAppliedCents: integer({ default: 0 }) });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("creditAppliedCents").execute();
  await db.schema.alterTable("checkouts").dropColumn("creditAppliedCents").execute();
}
