import type { Kysely } from "kysely";

/**
 * What a buyer's Roblox account needs before an item can reach it, and how the item is delivered:
 * each game and product keeps its requirements (a JSON list of `{ code, text, url? }`)
 * and its delivery method (trade, gift, private_server, gamepass). Existing games and products get
 * none and "trade", which is how the store delivered everything until now.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["games", "products"]) {
    await db.schema
      .alterTable(table)
      .addColumn("requirements", "text", (c) => c.notNull().defaultTo("[]"))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn("deliveryMethod", "text", (c) => c.notNull().defaultTo("trade"))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["games", "products"]) {
    await db.schema.alterTable(table).dropColumn("deliveryMethod").execute();
    await db.schema.alterTable(table).dropColumn("requirements").execute();
  }
}
