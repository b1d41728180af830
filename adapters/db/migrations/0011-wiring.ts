import type { Kysely } from "kysely";

// Store credit at checkout (issue 7 wired into issue 4): the prepared checkout and the order record
// how much store credit pays for them; the payment is asked only for the rest. 0 for older rows.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("checkouts")
    .addColumn("creditAppliedCents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("orders")
    .addColumn("creditAppliedCents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("creditAppliedCents").execute();
  await db.schema.alterTable("checkouts").dropColumn("creditAppliedCents").execute();
}
