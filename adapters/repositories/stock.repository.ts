import type { Kysely } from "kysely";
import type { StockRepository } from "../../domain/ordering/order-repository.port.ts";
import type { Database } from "../db/schema.ts";
import { lockProducts } from "../db/transaction-locks.ts";

export function createStockRepository(db: Kysely<Database>): StockRepository {
  return {
    lock: (productIds) => lockProducts(db, productIds),
    async takeIfAvailable(productId, quantity) {
      // `stock >= n` in the same statement as the decrement: stock never goes below zero, whoever races.
      const result = await db
        .updateTable("products")
        .set((eb) => ({ stock: eb("stock", "-", quantity) }))
        .where("id", "=", productId)
        .where("stock", ">=", quantity)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async giveBack(productId, quantity) {
      await db
        .updateTable("products")
        .set((eb) => ({ stock: eb("stock", "+", quantity) }))
        .where("id", "=", productId)
        .execute();
    },
  };
}
