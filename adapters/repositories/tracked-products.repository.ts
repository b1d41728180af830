import type { TrackedProducts } from "#domain/analytics/tracked-product.port.ts";
import type { Tx } from "../db/database.ts";

export function createTrackedProducts(db: Tx): TrackedProducts {
  return {
    async find(productId) {
      const row = await db.selectFrom("products").select(["name", "priceCents"]).where("id", "=", productId).executeTakeFirst();
      return row ? { name: row.name, price: row.priceCents } : null;
    },
  };
}
