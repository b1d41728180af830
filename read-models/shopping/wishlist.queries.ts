import type { Kysely } from "kysely";
import { readSalePricing } from "#adapters/db/scheduled-sale.ts";
import type { Database } from "#adapters/db/schema.ts";
import { userIdOf, type Shopper } from "#domain/shared/shopper.ts";
import { productQuery, toProductView } from "../storefront/catalogue.queries.ts";
import type { WishlistItemView } from "./shopping.views.ts";

export type { WishlistItemView };

/** The shopper's wishlist, oldest first. */
export async function wishlistOf(db: Kysely<Database>, shopper: Shopper, now: Date): Promise<WishlistItemView[]> {
  const column = shopper.kind === "user" ? "userId" : "visitorId";
  const owner = shopper.kind === "user" ? shopper.userId : shopper.visitorId;
  const items = await db
    .selectFrom("wishlist_items")
    .select(["id", "productId", "userId"])
    .where(column, "=", owner)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  if (items.length === 0) return [];
  const products = await productQuery(db, now, userIdOf(shopper))
    .where(
      "p.id",
      "in",
      items.map((item) => item.productId),
    )
    .execute();
  const pricing = await readSalePricing(db, now);
  const byId = new Map(products.map((row) => [row.id, toProductView(row, pricing)]));
  return items.flatMap((item) => {
    const product = byId.get(item.productId);
    return product ? [{ ...item, product }] : [];
  });
}
