import type { Kysely } from "kysely";
import { compiledOnce } from "#adapters/db/compiled-once.ts";
import { readSalePricing } from "#adapters/db/scheduled-sale.ts";
import { unplannedValue } from "#adapters/db/unplanned-value.ts";
import type { Database } from "#adapters/db/schema.ts";
import type { Shopper } from "#domain/shared/shopper.ts";
import { PRODUCT_COLUMNS, stockColumn, toProductView } from "../storefront/catalogue.queries.ts";
import type { CartItemView } from "./shopping.views.ts";

export type { CartItemView };

/**
 * A shopper's lines with their products, in one query (the cart is read by every signed-in page
 * view's island, issue 33): the stock each product shows is what others' checkout holds leave
 * (a signed-in shopper's own hold stays theirs). Lines of a deleted product have none and are left
 * out. Built and compiled once per kind of owner (compiledOnce), and planned once on SQLite
 * (unplannedValue: planned anew on every run it cost 132 us, 10 us once), oldest line first.
 */
function cartLines(owner: "userId" | "visitorId") {
  return compiledOnce(["owner", "now"], (db, slot) =>
    db
      .selectFrom("cart_items as ci")
      .innerJoin("products as p", "p.id", "ci.productId")
      .innerJoin("games as g", "g.id", "p.gameId")
      .select([
        "ci.id as lineId",
        "ci.quantity as lineQuantity",
        ...PRODUCT_COLUMNS,
        "g.slug as gameSlug",
        "g.name as gameName",
        stockColumn(unplannedValue(db, slot.now), owner === "userId" ? unplannedValue(db, slot.owner) : null, "available"),
      ])
      .where(owner === "userId" ? "ci.userId" : "ci.visitorId", "=", unplannedValue(db, slot.owner))
      .orderBy("ci.createdAt")
      .orderBy("ci.id"),
  );
}
const linesOfUser = cartLines("userId");
const linesOfVisitor = cartLines("visitorId");

/** The shopper's cart, oldest line first; empty for a new visitor. */
export async function cartOf(db: Kysely<Database>, shopper: Shopper, now: Date): Promise<CartItemView[]> {
  const rows =
    shopper.kind === "user"
      ? await linesOfUser(db, { owner: shopper.userId, now: now.toISOString() })
      : await linesOfVisitor(db, { owner: shopper.visitorId, now: now.toISOString() });
  // An empty cart (most page views) reads no sale.
  if (rows.length === 0) return [];
  const pricing = await readSalePricing(db, now);
  return rows.map(({ lineId, lineQuantity, ...product }) => ({
    id: lineId,
    productId: product.id,
    quantity: lineQuantity,
    product: toProductView(product, pricing),
  }));
}

/** Units in the cart, for the header badge. */
export function cartCount(items: readonly Pick<CartItemView, "quantity">[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}
