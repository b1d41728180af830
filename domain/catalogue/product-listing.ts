import type { Cents } from "../shared/money.ts";

/** The sort orders a game page offers. "featured" is the shop's own ranking: featured first, then displayOrder. */
export const PRODUCT_SORTS = ["featured", "price-asc", "price-desc", "name"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** A price sort orders the whole list: a game page shows it without category groups. */
export function isPriceSort(sort: ProductSort): boolean {
  return sort === "price-asc" || sort === "price-desc";
}

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

/**
 * Products on one page of a game page: a grid of 2, 3 or 5 columns fills whole rows, and
 * a page of cards stays far below 256 KB of HTML however many products the game holds.
 */
export const GAME_PAGE_SIZE = 60;

/** How many pages a list of `total` items fills at `perPage` a page; an empty list still has its page 1. */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
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
