import type { WishlistRepository } from "#domain/wishlist/wishlist-repository.port.ts";
import { lockName } from "../db/transaction-locks.ts";
import { ownerColumn, ownerValues } from "./shopper-scope.ts";
import type { Tx } from "../db/database.ts";

export function createWishlistRepository(db: Tx): WishlistRepository {
  const columns = ["id", "productId"] as const;
  return {
    async itemOfProduct(shopper, productId) {
      const [column, value] = ownerColumn(shopper);
      // Racing adds of one product by one shopper (a double click that two processes serve) queue
      // here until the first commits, then see its row instead of adding a second (PostgreSQL).
      await lockName(db, `wishlist:${column}:${value}:${productId}`);
      return (await db.selectFrom("wishlist_items").select(columns).where(column, "=", value).where("productId", "=", productId).executeTakeFirst()) ?? null;
    },
    async item(shopper, itemId) {
      const [column, value] = ownerColumn(shopper);
      return (await db.selectFrom("wishlist_items").select(columns).where(column, "=", value).where("id", "=", itemId).executeTakeFirst()) ?? null;
    },
    async items(shopper) {
      const [column, value] = ownerColumn(shopper);
      return db.selectFrom("wishlist_items").select(columns).where(column, "=", value).orderBy("createdAt").orderBy("id").execute();
    },
    async add(shopper, item, at) {
      await db
        .insertInto("wishlist_items")
        .values({ ...item, createdAt: at.toISOString(), ...ownerValues(shopper) })
        .execute();
    },
    async remove(itemIds) {
      if (itemIds.length === 0) return;
      await db.deleteFrom("wishlist_items").where("id", "in", itemIds).execute();
    },
    async moveToUser(itemId, userId) {
      await db.updateTable("wishlist_items").set({ userId, visitorId: null }).where("id", "=", itemId).execute();
    },
    async productExists(productId) {
      return (await db.selectFrom("products").select("id").where("id", "=", productId).executeTakeFirst()) !== undefined;
    },
  };
}
