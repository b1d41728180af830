import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";

/**
 * A grown shop's catalogue in one game: `count` products `<prefix>-00000`..., priced 1.00 + i
 * cents, stock i % 7, inserted 500 to a statement.
 */
export async function insertBulkProducts(
  db: Kysely<Database>,
  {
    gameId,
    category,
    prefix,
    name,
    count,
    displayFrom,
  }: { gameId: string; category: string; prefix: string; name: string; count: number; displayFrom: number },
): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${String(i).padStart(5, "0")}`,
    gameId,
    name: `${name} ${i}`,
    category,
    description: "",
    image: "/img/item/pet.svg",
    priceCents: 100 + i,
    originalPriceCents: null,
    stock: i % 7,
    displayOrder: displayFrom + i,
    featured: 0,
    createdAt: new Date().toISOString(),
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto("products")
      .values(rows.slice(i, i + 500))
      .execute();
}
