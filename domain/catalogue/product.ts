import { slugify } from "../shared/slug.ts";
import type { Cents } from "../shared/money.ts";
import { badPrice, badStock, productCategoryRequired, productImageRequired, productNameRequired } from "./catalogue.errors.ts";

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

/** Units a product gets when the stock box holds no number (admin-panel.md 9). */
export const DEFAULT_STOCK = 100;

/**
 * The product form's stock box as the spec reads it: parsed as an integer (leading digits count,
 * "12.7" is 12), and 100 when it is not a number at all (empty, "abc"). A negative result is kept
 * as typed, so the server can refuse it rather than silently change it.
 */
export function parseStock(text: string): number {
  const parsed = Number.parseInt(text.trim(), 10);
  return Number.isNaN(parsed) ? DEFAULT_STOCK : parsed;
}

/** The name a duplicated product gets, so the two are told apart in the list. */
export function duplicateName(name: string): string {
  return `${name} (Copy)`;
}

/** The fields an administrator sets on a product; the store keeps the id and the position. */
export type ProductFields = Omit<Product, "id" | "displayOrder">;

/**
 * A product's fields as they are kept: name, category and image trimmed and required, prices and
 * stock whole numbers of 0 or more (prices in cents). Whether the game exists is the use case's check.
 */
export function checkProductFields(fields: ProductFields): ProductFields {
  const name = fields.name.trim();
  if (name === "") throw productNameRequired();
  const category = fields.category.trim();
  if (category === "") throw productCategoryRequired();
  const image = fields.image.trim();
  if (image === "") throw productImageRequired();
  const wholeAtLeastZero = (n: number) => Number.isInteger(n) && n >= 0;
  if (!wholeAtLeastZero(fields.price) || (fields.originalPrice !== null && !wholeAtLeastZero(fields.originalPrice))) throw badPrice();
  if (!wholeAtLeastZero(fields.stock)) throw badStock();
  return { ...fields, name, category, image, description: fields.description.trim() };
}

/**
 * The store's own generated picture of an item (src/pages/img): /img/item/<category>--<name>.svg.
 * The category picks the picture's icon; both parts are slugs, cut to keep the URL short.
 */
export function generatedItemPicture(name: string, category: string): string {
  const part = (text: string) => slugify(text).slice(0, 70).replace(/-+$/, "");
  const item = part(name) || "item";
  const kind = part(category);
  return `/img/item/${kind ? `${kind}--` : ""}${item}.svg`;
}
