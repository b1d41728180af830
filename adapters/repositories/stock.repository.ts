import type { StockRepository } from "#domain/orders/order-repository.port.ts";
import { lockProducts } from "../db/transaction-locks.ts";
import type { Tx } from "../db/database.ts";

export function createStockRepository(db: Tx): StockRepository {
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
