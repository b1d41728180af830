import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { formatCents } from "#domain/shared/money.ts";
import type { CatalogueCsvRow } from "#domain/catalogue/catalogue-csv.ts";

const BATCH = 500;

/**
 * The whole catalogue as CSV rows, a batch of products at a time by their primary key (keyset, so
 * the 40th batch costs what the first does and memory holds one batch, whatever the shop's size):
 * each product, then its holders' lines, holders by name.
 */
export async function* catalogueRows(db: Kysely<Database>): AsyncGenerator<CatalogueCsvRow> {
  let after = "";
  for (;;) {
    const products = await db
      .selectFrom("products as p")
      .innerJoin("games as g", "g.id", "p.gameId")
      .select(["p.id", "g.slug", "p.name", "p.category", "p.priceCents", "p.originalPriceCents", "p.stock", "p.featured", "p.deliveryMethod"])
      .where("p.id", ">", after)
      .orderBy("p.id")
      .limit(BATCH)
      .execute();
    if (products.length === 0) return;
    const lines = await db
      .selectFrom("holder_stock as s")
      .innerJoin("holders as h", "h.id", "s.holderId")
      .select(["s.productId", "h.robloxUsername", "s.quantity"])
      .where(
        "s.productId",
        "in",
        products.map((p) => p.id),
      )
      .orderBy("s.productId")
      .orderBy("h.robloxUsername")
      .execute();
    const byProduct = Map.groupBy(lines, (line) => line.productId);
    for (const p of products) {
      const base = { id: p.id, game: p.slug, name: p.name, category: p.category };
      yield {
        kind: "product",
        ...base,
        price: formatCents(p.priceCents),
        originalPrice: p.originalPriceCents === null ? "" : formatCents(p.originalPriceCents),
        stock: String(p.stock),
        featured: p.featured ? "1" : "0",
        deliveryMethod: p.deliveryMethod,
        holder: "",
        quantity: "",
      };
      for (const line of byProduct.get(p.id) ?? []) {
        yield {
          kind: "holder",
          ...base,
          price: "",
          originalPrice: "",
          stock: "",
          featured: "",
          deliveryMethod: "",
          holder: line.robloxUsername,
          quantity: String(line.quantity),
        };
      }
    }
    after = products.at(-1)!.id;
  }
}
