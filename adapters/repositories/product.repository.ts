import type { Kysely } from "kysely";
import type { ProductRepository } from "../../domain/catalog/product-repository.port.ts";
import type { Clock } from "../../domain/shared/clock.port.ts";
import type { Database } from "../db/schema.ts";

export function createProductRepository(db: Kysely<Database>, clock: Clock): ProductRepository {
  return {
    async add(product) {
      await db
        .insertInto("products")
        .values({
          id: product.id,
          gameId: product.gameId,
          name: product.name,
          category: product.category,
          description: product.description,
          image: product.image,
          priceCents: product.price,
          originalPriceCents: product.originalPrice,
          stock: product.stock,
          displayOrder: product.displayOrder,
          featured: product.featured ? 1 : 0,
          createdAt: clock.now().toISOString(),
        })
        .execute();
    },
  };
}
