import type { Kysely } from "kysely";
import { readSalePricing } from "#adapters/db/scheduled-sale.ts";
import type { Database } from "#adapters/db/schema.ts";
import { userIdOf, type Shopper } from "#domain/shared/shopper.ts";
import { productQuery, toProductView } from "../storefront/catalogue.queries.ts";
import type { CartItemView } from "./shopping.views.ts";

export type { CartItemView };

/** The shopper's cart, oldest line first; empty for a new visitor. */
export async function cartOf(db: Kysely<Database>, shopper: Shopper, now: Date): Promise<CartItemView[]> {
  const column = shopper.kind === "user" ? "userId" : "visitorId";
  const owner = shopper.kind === "user" ? shopper.userId : shopper.visitorId;
  const lines = await db
    .selectFrom("cart_items")
    .select(["id", "productId", "quantity"])
    .where(column, "=", owner)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  if (lines.length === 0) return [];
  const products = await productQuery(db, now, userIdOf(shopper))
    .where(
      "p.id",
      "in",
      lines.map((line) => line.productId),
    )
    .execute();
  const pricing = await readSalePricing(db, now);
  const byId = new Map(products.map((row) => [row.id, toProductView(row, pricing)]));
  return lines.flatMap((line) => {
    const product = byId.get(line.productId);
    return product ? [{ ...line, product }] : [];
  });
}

/** Units in the cart, for the header badge. */
export function cartCount(items: readonly Pick<CartItemView, "quantity">[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}
