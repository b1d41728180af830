import type { Kysely } from "kysely";
import type { TrackedProducts } from "../../domain/analytics/tracked-product.port.ts";
import type { Database } from "../db/schema.ts";

export function createTrackedProducts(db: Kysely<Database>): TrackedProducts {
  return {
    async find(productId) {
      const row = await db.selectFrom("products").select(["name", "priceCents"]).where("id", "=", productId).executeTakeFirst();
      return row ? { name: row.name, price: row.priceCents } : null;
    },
  };
}
