import type { CartRepository } from "#domain/cart/cart-repository.port.ts";
import { lockName } from "../db/transaction-locks.ts";
import { ownerColumn, ownerValues } from "./shopper-scope.ts";
import type { Tx } from "../db/database.ts";

export function createCartRepository(db: Tx): CartRepository {
  const columns = ["id", "productId", "quantity"] as const;
  return {
    async lineOfProduct(shopper, productId) {
      const [column, value] = ownerColumn(shopper);
      // Racing adds of one product by one shopper (a double click that two processes serve) queue
      // here until the first commits, then see its row instead of adding a second (PostgreSQL).
      await lockName(db, `cart:${column}:${value}:${productId}`);
      return (await db.selectFrom("cart_items").select(columns).where(column, "=", value).where("productId", "=", productId).executeTakeFirst()) ?? null;
    },
    async line(shopper, lineId) {
      const [column, value] = ownerColumn(shopper);
      return (await db.selectFrom("cart_items").select(columns).where(column, "=", value).where("id", "=", lineId).executeTakeFirst()) ?? null;
    },
    async lines(shopper) {
      const [column, value] = ownerColumn(shopper);
      return db.selectFrom("cart_items").select(columns).where(column, "=", value).orderBy("createdAt").orderBy("id").execute();
    },
    async add(shopper, line, at) {
      await db
        .insertInto("cart_items")
        .values({ id: line.id, productId: line.productId, quantity: line.quantity, createdAt: at.toISOString(), ...ownerValues(shopper) })
        .execute();
    },
    async setQuantity(lineId, quantity) {
      await db.updateTable("cart_items").set({ quantity }).where("id", "=", lineId).execute();
    },
    async remove(lineIds) {
      if (lineIds.length === 0) return;
      await db.deleteFrom("cart_items").where("id", "in", lineIds).execute();
    },
    async clear(shopper) {
      const [column, value] = ownerColumn(shopper);
      await db.deleteFrom("cart_items").where(column, "=", value).execute();
    },
    async moveToUser(lineId, userId, quantity) {
      await db.updateTable("cart_items").set({ userId, visitorId: null, quantity }).where("id", "=", lineId).execute();
    },
  };
}
