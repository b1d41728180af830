import type { ProductAvailability } from "#domain/cart/product-availability.port.ts";
import { availableUnits, heldUnits } from "../db/stock-holds.ts";
import type { Tx } from "../db/database.ts";

export function createProductAvailability(db: Tx): ProductAvailability {
  return {
    async product(productId, forUserId, now) {
      const row = await db
        .selectFrom("products as p")
        .select(["p.id", "p.name", "p.gameId", "p.priceCents", "p.stock", heldUnits("p.id", now, forUserId).as("held")])
        .where("p.id", "=", productId)
        .executeTakeFirst();
      if (!row) return null;
      return { id: row.id, name: row.name, gameId: row.gameId, price: row.priceCents, stock: row.stock, available: availableUnits(row.stock, row.held) };
    },
  };
}
