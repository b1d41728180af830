import type { Cents } from "../shared/money.ts";

/** An item for sale. `category` is the name of one of its game's categories. */
export interface Product {
  id: string;
  gameId: string;
  name: string;
  category: string;
  description: string;
  image: string;
  price: Cents;
  originalPrice: Cents | null;
  stock: number;
  displayOrder: number;
  featured: boolean;
}

/** Above this many units a product is "In Stock"; at or below it (but above 0) it is "Low Stock". */
export const STOCK_THRESHOLD = 50;

export type StockBadge = "In Stock" | "Low Stock" | "Out of Stock";

/** The storefront's stock badge: above 50 In Stock, 1 to 50 Low Stock, 0 (or less) Out of Stock. */
export function stockBadge(stock: number): StockBadge {
  if (stock > STOCK_THRESHOLD) return "In Stock";
  if (stock >= 1) return "Low Stock";
  return "Out of Stock";
}

/** A product can be put in a cart only while at least one unit is available. */
export function canAddToCart(stock: number): boolean {
  return stock > 0;
}
