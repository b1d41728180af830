import type { Cents } from "../shared/money.ts";
import { saleRunsAt, type ScheduledSale } from "./shop-settings.ts";

/** A sale's percentage is a whole number from 1 to this: a sale never gives items away. */
export const MAX_SALE_PERCENT = 90;

/** What a running sale takes off, and of what: the products it names and every product of the games it names. */
export interface SalePricing {
  percentOff: number;
  gameIds: ReadonlySet<string>;
  productIds: ReadonlySet<string>;
}

/**
 * The sale's pricing at `now`, or null: before its start, from its end on (saleRunsAt: start
 * inclusive, end exclusive) and for a sale without a percentage (a code-only sale changes no price).
 */
export function salePricingAt(sale: ScheduledSale | null, now: Date): SalePricing | null {
  if (!sale || !sale.percentOff || !saleRunsAt(sale, now)) return null;
  const gameIds = new Set(sale.gameIds ?? []);
  const productIds = new Set(sale.productIds ?? []);
  if (gameIds.size === 0 && productIds.size === 0) return null;
  return { percentOff: sale.percentOff, gameIds, productIds };
}

export function isOnSale(pricing: SalePricing | null, product: { id: string; gameId: string }): pricing is SalePricing {
  return pricing !== null && (pricing.productIds.has(product.id) || pricing.gameIds.has(product.gameId));
}

/**
 * A unit's price during the sale. The discount is taken off each unit's price and rounded up to
 * the whole cent, so the shopper never pays more than the exact percentage (999 cents at 15% off:
 * 149.85 off, 150 taken, 849 paid); a line costs this unit price times its quantity, so the cart,
 * the checkout and the order add up the same cents. A priced unit never falls below 1 cent.
 */
export function salePriceOf(price: Cents, percentOff: number): Cents {
  if (price <= 0) return price;
  return Math.max(1, price - Math.ceil((price * percentOff) / 100));
}

/**
 * What a product costs now and what it cost before the sale: `regularPrice` is the price without the
 * sale (shown struck through), null when no sale applies to it.
 */
export function priceNow(pricing: SalePricing | null, product: { id: string; gameId: string; price: Cents }): { price: Cents; regularPrice: Cents | null } {
  if (!isOnSale(pricing, product)) return { price: product.price, regularPrice: null };
  return { price: salePriceOf(product.price, pricing.percentOff), regularPrice: product.price };
}

/**
 * The next moment after `now` at which prices change without any write: the sale's start, or its
 * end. A page rendered before it must not be served after it (src/server/catalogue-cache.ts).
 */
export function nextSaleBoundary(sale: ScheduledSale | null, now: Date): Date | null {
  if (!sale || !sale.percentOff) return null;
  const time = now.getTime();
  for (const at of [Date.parse(sale.startsAt), Date.parse(sale.endsAt)]) if (at > time) return new Date(at);
  return null;
}

/**
 * The last day (UTC, YYYY-MM-DD) a product's sale price holds, or null when no sale applies to it
 * at `now`: what its offer tells search engines (schema.org `priceValidUntil`, a date). The sale's
 * end is exclusive, so the last day is the day of the moment before it (a sale ending at midnight
 * last holds the day before): the date never promises the price for a day it is gone.
 */
export function salePriceLastDay(sale: ScheduledSale | null, now: Date, product: { id: string; gameId: string }): string | null {
  if (!sale || !isOnSale(salePricingAt(sale, now), product)) return null;
  return new Date(Date.parse(sale.endsAt) - 1).toISOString().slice(0, 10);
}
