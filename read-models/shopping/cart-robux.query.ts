import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";

/**
 * The Robux a cart's gamepass products pay out (each product's robuxAmount times its quantity; 0
 * without any): the checkout asks for the buyer's pass priced for them, as prepare checks it.
 */
export async function robuxOfCart(db: Kysely<Database>, lines: readonly { productId: string; quantity: number }[]): Promise<number> {
  if (lines.length === 0) return 0;
  const rows = await db
    .selectFrom("products")
    .select(["id", "robuxAmount"])
    .where("id", "in", [...new Set(lines.map((line) => line.productId))])
    .where("deliveryMethod", "=", "gamepass")
    .execute();
  const amounts = new Map(rows.map((row) => [row.id, Number(row.robuxAmount ?? 0)]));
  return lines.reduce((sum, line) => sum + (amounts.get(line.productId) ?? 0) * line.quantity, 0);
}
