import type { Product } from "#domain/catalogue/product.ts";
import { requirementsColumn } from "./requirements-columns.ts";
import type { ProductRepository } from "#domain/catalogue/product-repository.port.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { Tx } from "../db/database.ts";

/** A product's stored columns (all but id and createdAt): the one mapping inserts and updates share. */
export function productColumns(product: Product) {
  return {
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
    requirements: requirementsColumn(product.requirements),
    deliveryMethod: product.deliveryMethod,
    deliveryMinutes: product.deliveryMinutes,
    robuxAmount: product.robuxAmount,
  };
}

export function createProductRepository(db: Tx, clock: Clock): ProductRepository {
  return {
    async add(product) {
      await db
        .insertInto("products")
        .values({ id: product.id, ...productColumns(product), createdAt: clock.now().toISOString() })
        .execute();
    },
  };
}
