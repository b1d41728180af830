import type { ProductAvailability } from "#domain/cart/product-availability.port.ts";
import { priceNow } from "#domain/shop-facts/sale-price.ts";
import { cartRequirements } from "#domain/catalogue/requirements.ts";
import { deliveryMethodOf, requirementsOf } from "./requirements-columns.ts";
import { readSalePricing } from "../db/scheduled-sale.ts";
import { availableUnits, heldUnits } from "../db/stock-holds.ts";
import type { Tx } from "../db/database.ts";

/**
 * Made per transaction (the unit of work's), so the running sale is read once per transaction and
 * moment, not once per cart line: a checkout of ten lines read the settings ten times.
 */
export function createProductAvailability(db: Tx): ProductAvailability {
  let pricing: { at: number; read: ReturnType<typeof readSalePricing> } | null = null;
  const salePricingAt = (now: Date) => {
    if (pricing === null || pricing.at !== now.getTime()) pricing = { at: now.getTime(), read: readSalePricing(db, now) };
    return pricing.read;
  };
  return {
    async product(productId, forUserId, now) {
      const row = await db
        .selectFrom("products as p")
        .innerJoin("games as g", "g.id", "p.gameId")
        .select([
          "p.id",
          "p.name",
          "p.gameId",
          "p.priceCents",
          "p.stock",
          "p.requirements",
          "p.robuxAmount",
          "p.deliveryMethod",
          "g.requirements as gameRequirements",
          heldUnits("p.id", now, forUserId).as("held"),
        ])
        .where("p.id", "=", productId)
        .executeTakeFirst();
      if (!row) return null;
      // The price the shopper pays at `now`: a running sale's percentage applies, so the
      // cart, the discount check and the prepared checkout all count the same cents.
      const { price } = priceNow(await salePricingAt(now), { id: row.id, gameId: row.gameId, price: row.priceCents });
      return {
        id: row.id,
        name: row.name,
        gameId: row.gameId,
        price,
        stock: row.stock,
        available: availableUnits(row.stock, row.held),
        requirements: cartRequirements([requirementsOf(row.gameRequirements), requirementsOf(row.requirements)]),
        // Only a gamepass product pays Robux out through the buyer's pass (as the checkout page counts them).
        robuxAmount: row.deliveryMethod === "gamepass" && row.robuxAmount !== null ? Number(row.robuxAmount) : null,
        deliveryMethod: deliveryMethodOf(row.deliveryMethod),
      };
    },
  };
}
