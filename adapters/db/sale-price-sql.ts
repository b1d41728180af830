import { sql, type Expression, type RawBuilder } from "kysely";
import type { SalePricing } from "#domain/shop-facts/sale-price.ts";

/**
 * The sale price rule of domain/shop-facts/sale-price.ts (`salePriceOf`) as an SQL expression, for
 * queries that filter or sort by the price a shopper pays (the game page's price range and price
 * sort: the database cuts the page, so it must order by the same cents the cards show). The rule
 * itself lives in the domain; this is its mirror in integer arithmetic, the same on SQLite and
 * PostgreSQL: the discount off a unit is ceil(price * percent / 100), written (price * percent + 99)
 * / 100 in integer division (both databases truncate, and the operands are never negative), the
 * unit price never below 1 cent, a price of 0 kept. The price is taken as a bigint so that price *
 * percent cannot overflow PostgreSQL's integer. tests/integration/sale-price-sql.db.test.ts runs
 * both over many prices and every percentage and fails when they disagree.
 */
export function salePriceSql(price: Expression<number>, percentOff: number | Expression<number>): RawBuilder<number> {
  const unit = sql`cast(${price} as bigint)`;
  const percent = typeof percentOff === "number" ? sql`cast(${percentOff} as integer)` : percentOff;
  const off = sql`(${unit} * ${percent} + 99) / 100`;
  return sql<number>`(case when ${unit} <= 0 then ${unit} when ${unit} - ${off} < 1 then 1 else ${unit} - ${off} end)`;
}

/** The columns of a product row that `priceNowSql` reads, by reference ("p.priceCents", ...). */
export interface ProductPriceRefs {
  price: string;
  id: string;
  gameId: string;
}

/**
 * What a product costs at `now` as SQL (`priceNow(...).price` of sale-price.ts): its sale price when
 * the running sale names it or its game (`isOnSale`), else its regular price. Without a running sale
 * it is the plain column, so a query outside a sale is the query it always was. The sale's ids are
 * bound values; the schema bounds each list at 200 (src/server/schemas/shop-facts.schemas.ts).
 */
export function priceNowSql(pricing: SalePricing | null, product: ProductPriceRefs): RawBuilder<number> {
  const regular = sql.ref<number>(product.price);
  if (!pricing) return regular;
  const named: RawBuilder<unknown>[] = [];
  if (pricing.gameIds.size > 0) named.push(sql`${sql.ref(product.gameId)} in (${sql.join([...pricing.gameIds])})`);
  if (pricing.productIds.size > 0) named.push(sql`${sql.ref(product.id)} in (${sql.join([...pricing.productIds])})`);
  if (named.length === 0) return regular;
  return sql<number>`(case when ${sql.join(named, sql` or `)} then ${salePriceSql(regular, pricing.percentOff)} else ${regular} end)`;
}
