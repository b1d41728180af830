import type { CatalogueAdminDeps } from "./catalogue-admin-repositories.port.ts";
import { productNotFound } from "./catalogue.errors.ts";
import type { Product } from "./product.ts";
import type { Cents } from "../shared/money.ts";

/** A bulk price edit: a new price, or the price raised or lowered by a percentage or an amount (cents). */
export type PriceChange = { set: Cents } | { percent: number } | { amount: Cents };

/**
 * A product's price after the change, rounded to the cent and never below 0.01; its original price
 * kept only while it stays above the new price (a struck-through price at or below the price says
 * nothing true, so it goes).
 */
export function repriced(product: Pick<Product, "price" | "originalPrice">, change: PriceChange): { price: Cents; originalPrice: Cents | null } {
  const raw = "set" in change ? change.set : "percent" in change ? Math.round(product.price * (1 + change.percent / 100)) : product.price + change.amount;
  const price = Math.max(1, Math.round(raw));
  return { price, originalPrice: product.originalPrice !== null && product.originalPrice > price ? product.originalPrice : null };
}

/** Reprices a selection of products in one transaction: all or none (an unknown id is a 404, nothing changed). */
export async function bulkPrice(productIds: readonly string[], change: PriceChange, deps: Pick<CatalogueAdminDeps, "unitOfWork">): Promise<Product[]> {
  return deps.unitOfWork.run(async ({ products }) => {
    const changed: Product[] = [];
    for (const id of new Set(productIds)) {
      const product = await products.findById(id);
      if (!product) throw productNotFound();
      const updated = { ...product, ...repriced(product, change) };
      await products.update(updated);
      changed.push(updated);
    }
    return changed;
  });
}
