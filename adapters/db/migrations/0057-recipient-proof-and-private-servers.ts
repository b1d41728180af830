import { sql, type Kysely } from "kysely";
import { addColumns, text } from "../migration-kit.ts";

/**
 * How the recipient was given ("typed": a name the shopper typed, a claim; "linked": the Roblox
 * account they linked by signing in with Roblox, proof), from the prepared checkout to the order;
 * the private-server link an order is delivered through (staff's, or the product's own); and each
 * order item's delivery method as it was at payment, so a product changed later does not change a
 * paid order. Items paid before this migration take their product's method as it stands now (the
 * only record there is); a deleted product's items stay "trade".
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["checkouts", "orders"]) await addColumns(db, table, { robloxProof: text({ default: "typed" }) });
  await addColumns(db, "orders", { privateServerUrl: text.nullable() });
  await addColumns(db, "products", { privateServerUrl: text.nullable() });
  await addColumns(db, "order_items", { deliveryMethod: text({ default: "trade" }) });
  await sql`update order_items set "deliveryMethod" = (select p."deliveryMethod" from products p where p.id = order_items."productId") where exists (select 1 from products p where p.id = order_items."productId")`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("order_items").dropColumn("deliveryMethod").execute();
  await db.schema.alterTable("products").dropColumn("privateServerUrl").execute();
  await db.schema.alterTable("orders").dropColumn("privateServerUrl").execute();
  for (const table of ["orders", "checkouts"]) await db.schema.alterTable(table).dropColumn("robloxProof").execute();
}
