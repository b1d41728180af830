import { sql, type RawBuilder } from "kysely";

/**
 * Units of a product that prepared checkouts hold at `now`, as an SQL expression for the product
 * column `productRef`. The holder's own hold (`exceptUserId`) is not counted against them. Portable:
 * a correlated sub-select with ISO-8601 text compared as text on SQLite and PostgreSQL. `now` may be
 * that text already (a query compiled once takes it as a parameter: compiled-once.ts), and either
 * value an expression (unplanned-value.ts).
 */
export function heldUnits(
  productRef: string,
  now: Date | string | RawBuilder<string>,
  exceptUserId: string | RawBuilder<string> | null = null,
): RawBuilder<number> {
  const others = exceptUserId === null ? sql`` : sql` and h."userId" <> ${exceptUserId}`;
  return sql<number>`coalesce((select sum(h."quantity") from "stock_holds" as h where h."productId" = ${sql.ref(productRef)} and h."expiresAt" > ${now instanceof Date ? now.toISOString() : now}${others}), 0)`;
}

/** Stock minus holds as a shopper may see it: never below zero. */
export function availableUnits(stock: number, held: number): number {
  return Math.max(0, stock - Number(held));
}
