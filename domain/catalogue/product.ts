import { slugify } from "../shared/slug.ts";
import { checkRequirements, type DeliveryMethod, type Requirement } from "./requirements.ts";
import type { Cents } from "../shared/money.ts";
import {
  badDeliveryMinutes,
  badRobuxAmount,
  badPrice,
  badStock,
  ORIGINAL_PRICE_PROBLEM,
  originalPriceNotAbovePrice,
  productCategoryRequired,
  productImageRequired,
  productNameRequired,
} from "./catalogue.errors.ts";

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
  /** What a buyer's account needs for this item, besides its game's requirements. */
  requirements: Requirement[];
  /** How this item reaches the buyer. */
  deliveryMethod: DeliveryMethod;
  /**
   * Minutes from payment (or the start of the next staffed period) within which it is delivered;
   * null: the shop's promise (DELIVERY_SLA_MINUTES). An order keeps the promise it was made.
   */
  deliveryMinutes: number | null;
  /**
   * The Robux a gamepass product's buyer receives (docs/delivery.md, "Robux by gamepass"): checkout
   * then asks for the buyer's pass, priced for it. Null for every other method, and for a gamepass
   * product staff deliver by hand.
   */
  robuxAmount: number | null;
}

/** The most Robux one gamepass product may pay out (a pass's price tops out far above it). */
export const MAX_ROBUX_AMOUNT = 1_000_000;

/** The longest promise a product may make: a week. */
export const MAX_DELIVERY_MINUTES = 7 * 24 * 60;

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

/** Units a product gets when the stock box is left empty (admin-panel.md 9). */
export const DEFAULT_STOCK = 100;

/** The most units a product may have in stock (the API refuses more). */
export const MAX_STOCK = 1_000_000;

/** What the product form says under its stock box when the text is no stock. */
export const STOCK_PROBLEM = `Enter a whole number of units from 0 to ${MAX_STOCK.toLocaleString("en-US")}, or leave it empty for ${DEFAULT_STOCK}`;

/**
 * The product form's stock box: a whole number of units, or DEFAULT_STOCK when it is left empty.
 * The spec's "defaults to 100 if it is not a number" is read as the empty box: "abc",
 * "12.7" or "-3" typed there is a mistake the form points at (null), not 100 units saved silently.
 */
export function parseStock(text: string): number | null {
  const typed = text.trim();
  if (typed === "") return DEFAULT_STOCK;
  if (!/^\d{1,7}$/.test(typed)) return null;
  const units = Number(typed);
  return units <= MAX_STOCK ? units : null;
}

/**
 * An original price is the higher price the item had before (shown struck through beside the
 * price): one at or below the price would show "$9.99 ~~$4.99~~". Null when it is fine
 * (or there is none), else what to tell the person who typed it.
 */
export function originalPriceProblem(price: Cents, originalPrice: Cents | null): string | null {
  return originalPrice === null || originalPrice > price ? null : ORIGINAL_PRICE_PROBLEM;
}

/** The name a duplicated product gets, so the two are told apart in the list. */
export function duplicateName(name: string): string {
  return `${name} (Copy)`;
}

/** The fields an administrator sets on a product; the store keeps the id and the position. */
export type ProductFields = Omit<Product, "id" | "displayOrder" | "requirements" | "deliveryMethod" | "deliveryMinutes" | "robuxAmount"> &
  Partial<Pick<Product, "requirements" | "deliveryMethod" | "deliveryMinutes" | "robuxAmount">>;

/**
 * A product's fields as they are kept: name, category and image trimmed and required, prices and
 * stock whole numbers of 0 or more (prices in cents), an original price above the price. Whether
 * the game exists is the use case's check.
 */
export function checkProductFields(fields: ProductFields): Required<ProductFields> {
  const name = fields.name.trim();
  if (name === "") throw productNameRequired();
  const category = fields.category.trim();
  if (category === "") throw productCategoryRequired();
  const image = fields.image.trim();
  if (image === "") throw productImageRequired();
  const wholeAtLeastZero = (n: number) => Number.isInteger(n) && n >= 0;
  if (!wholeAtLeastZero(fields.price) || (fields.originalPrice !== null && !wholeAtLeastZero(fields.originalPrice))) throw badPrice();
  if (originalPriceProblem(fields.price, fields.originalPrice)) throw originalPriceNotAbovePrice();
  if (!wholeAtLeastZero(fields.stock)) throw badStock();
  const minutes = fields.deliveryMinutes ?? null;
  if (minutes !== null && (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_DELIVERY_MINUTES)) throw badDeliveryMinutes();
  const deliveryMethod = fields.deliveryMethod ?? "trade";
  // A gamepass product with an amount of Robux is paid out through the buyer's own pass (checked at
  // checkout); no other method has an amount. Without one, a gamepass product is delivered by hand as before.
  const robux = deliveryMethod === "gamepass" ? (fields.robuxAmount ?? null) : null;
  if (robux !== null && (!Number.isInteger(robux) || robux < 1 || robux > MAX_ROBUX_AMOUNT)) throw badRobuxAmount();
  return {
    ...fields,
    name,
    category,
    image,
    description: fields.description.trim(),
    requirements: checkRequirements(fields.requirements ?? []),
    deliveryMethod,
    deliveryMinutes: minutes,
    robuxAmount: robux,
  };
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
