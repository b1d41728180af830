import type { Cents } from "../shared/money.ts";

/** The sort orders a game page offers. "featured" is the shop's own ranking: featured first, then displayOrder. */
export const PRODUCT_SORTS = ["featured", "price-asc", "price-desc", "name"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export interface ProductListingOptions {
  category: string | null;
  inStockOnly: boolean;
  minPrice: Cents | null;
  maxPrice: Cents | null;
  sort: ProductSort;
}

export const DEFAULT_LISTING: ProductListingOptions = {
  category: null,
  inStockOnly: false,
  minPrice: null,
  maxPrice: null,
  sort: "featured",
};

interface Listable {
  name: string;
  category: string;
  price: Cents;
  stock: number;
  featured: boolean;
  displayOrder: number;
}

/**
 * Applies a game page's category chip, Filter (in stock only, price range) and Sort choices.
 * Pure and stable: products that compare equal keep their displayOrder. An empty input gives [].
 */
export function listProducts<P extends Listable>(products: readonly P[], options: ProductListingOptions): P[] {
  const kept = products.filter(
    (p) =>
      (options.category === null || p.category === options.category) &&
      (!options.inStockOnly || p.stock > 0) &&
      (options.minPrice === null || p.price >= options.minPrice) &&
      (options.maxPrice === null || p.price <= options.maxPrice),
  );
  const byOrder = (a: P, b: P) => a.displayOrder - b.displayOrder;
  const compare: Record<ProductSort, (a: P, b: P) => number> = {
    featured: (a, b) => Number(b.featured) - Number(a.featured) || byOrder(a, b),
    "price-asc": (a, b) => a.price - b.price || byOrder(a, b),
    "price-desc": (a, b) => b.price - a.price || byOrder(a, b),
    name: (a, b) => a.name.localeCompare(b.name, "en") || byOrder(a, b),
  };
  return kept.sort(compare[options.sort]);
}

/** Groups products by category, in the order the categories are given; unknown categories go last. */
export function groupByCategory<P extends { category: string }>(
  products: readonly P[],
  categoryOrder: readonly string[],
): { category: string; products: P[] }[] {
  const groups = new Map<string, P[]>(categoryOrder.map((name) => [name, []]));
  for (const product of products) {
    const group = groups.get(product.category);
    if (group) group.push(product);
    else groups.set(product.category, [product]);
  }
  return [...groups].filter(([, items]) => items.length > 0).map(([category, items]) => ({ category, products: items }));
}
