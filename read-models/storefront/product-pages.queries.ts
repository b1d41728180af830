import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import { readSalePricing } from "#adapters/db/scheduled-sale.ts";
import { priceNowSql } from "#adapters/db/sale-price-sql.ts";
import { compiledOnce } from "#adapters/db/compiled-once.ts";
import type { Database } from "#adapters/db/schema.ts";
import { heldUnits } from "#adapters/db/stock-holds.ts";
import { isPriceSort, type ProductListingOptions, type ProductSort } from "#domain/catalogue/product-listing.ts";
import type { SalePricing } from "#domain/shop-facts/sale-price.ts";
import { gameColumn, PRODUCT_COLUMNS, stockColumn, toProductView, type ProductRow } from "./catalogue.queries.ts";
import type { ProductPageView } from "./catalogue.views.ts";

/**
 * Pages of products: the game page's grid with its category chip, Filter and Sort, and
 * GET /api/products. The database filters, orders, counts and cuts the page, so a request costs
 * what one page shows, not what the game or the catalogue holds (2,000 and 20,000 products at the
 * grown size). The ORDER BY always ends on the id, so pages never overlap or skip a product.
 */

/** A slice of a list: `limit` rows after the first `offset`. */
export interface PageRequest {
  offset: number;
  limit: number;
}

/** The database as a query on `products as p` sees it. */
type WithProducts = Database & { p: Database["products"] };

type Slot = "now" | "gameId" | "category" | "minPrice" | "maxPrice" | "limit" | "offset";
type Values = { [K in Slot]: unknown };
type Run = (db: Kysely<Database>, values: Values) => Promise<unknown[]>;

/**
 * The price the game page's price range and price sort compare: what the shopper pays at `now`, the
 * running sale's price for what it names (adapters/db/sale-price-sql.ts), else the regular price.
 */
const shopperPrice = (sale: SalePricing | null) => priceNowSql(sale, { price: "p.priceCents", id: "p.id", gameId: "p.gameId" });

/** The products a game page's options keep; the stock filter counts what shoppers can buy now (holds of others taken off). */
function gameProducts(db: Kysely<Database>, slot: { [K in Slot]: string }, shape: GameShape, sale: SalePricing | null) {
  let query = db.selectFrom("products as p").where("p.gameId", "=", slot.gameId);
  if (shape.category) query = query.where("p.category", "=", slot.category);
  if (shape.minPrice) query = query.where(shopperPrice(sale), ">=", slot.minPrice as unknown as number);
  if (shape.maxPrice) query = query.where(shopperPrice(sale), "<=", slot.maxPrice as unknown as number);
  if (shape.inStockOnly) query = query.where(sql<boolean>`${sql.ref("p.stock")} - ${heldUnits("p.id", slot.now)} > 0`);
  return query;
}

interface GameShape {
  category: boolean;
  minPrice: boolean;
  maxPrice: boolean;
  inStockOnly: boolean;
  sort: ProductSort;
}

/**
 * The page's order: by category (the game's category order, unknown categories last by name), so a
 * page's cards group under their category's heading, then the chosen sort, then displayOrder, name
 * and id so equal products keep one order on every page. A price sort is the whole list's order
 * instead (before: inside each group, $7.99 stood above $9.99): no grouping, across every page.
 */
function orderedForGame<O>(query: SelectQueryBuilder<WithProducts, "p", O>, sort: ProductSort, sale: SalePricing | null) {
  if (isPriceSort(sort))
    return query
      .orderBy(shopperPrice(sale), sort === "price-asc" ? "asc" : "desc")
      .orderBy("p.displayOrder")
      .orderBy("p.name")
      .orderBy("p.id");
  const categoryOrder = sql<number>`coalesce((select c."displayOrder" from "categories" as c where c."gameId" = p."gameId" and c."name" = p."category"), 1000000)`;
  let ordered = query.orderBy(categoryOrder).orderBy("p.category");
  if (sort === "featured") ordered = ordered.orderBy("p.featured", "desc");
  if (sort === "name") ordered = ordered.orderBy(sql`lower(${sql.ref("p.name")})`).orderBy("p.name");
  return ordered.orderBy("p.displayOrder").orderBy("p.name").orderBy("p.id");
}

/** The columns of a ProductView: the game's by sub-selects, the stock a shopper can buy at `now`. */
function productColumns<O>(query: SelectQueryBuilder<WithProducts, "p", O>, now: string) {
  return query.select([
    ...PRODUCT_COLUMNS,
    gameColumn<string>("slug").as("gameSlug"),
    gameColumn<string>("name").as("gameName"),
    stockColumn(now, null, "available"),
  ]);
}

// One compiled statement per shape of the query (compiledOnce): at most 64 for the game page, and
// while a sale runs as many again for the shapes that compare prices. The sale's percentage and ids
// are constants of those statements, so they are kept for one sale only and compiled anew when the
// owner changes it.
type Runs = { rows: Run; count: Run };
const gamePages = new Map<string, Runs>();
let salePages: { sale: string; runs: Map<string, Runs> } = { sale: "", runs: new Map() };

function runsOfSale(sale: SalePricing): Map<string, Runs> {
  const key = JSON.stringify([sale.percentOff, [...sale.gameIds], [...sale.productIds]]);
  if (salePages.sale !== key) salePages = { sale: key, runs: new Map() };
  return salePages.runs;
}

function gameRuns(shape: GameShape, pricing: SalePricing | null) {
  // Only a price range or a price sort reads prices: every other shape is the same statement in a sale.
  const sale = shape.minPrice || shape.maxPrice || shape.sort === "price-asc" || shape.sort === "price-desc" ? pricing : null;
  const pages = sale ? runsOfSale(sale) : gamePages;
  const key = JSON.stringify(shape);
  let runs = pages.get(key);
  if (!runs) {
    const slots = ["now", "gameId", "category", "minPrice", "maxPrice", "limit", "offset"] as const;
    runs = {
      // The page's ids first, ordered and cut on the sort keys alone; the columns (the held-stock
      // sub-select above all) then for those 60 rows only, not for every row the sort passes over.
      rows: compiledOnce(slots, (db, slot) => {
        const page = orderedForGame(gameProducts(db, slot, shape, sale), shape.sort, sale)
          .select("p.id")
          .limit(slot.limit as unknown as number)
          .offset(slot.offset as unknown as number);
        return productColumns(orderedForGame(db.selectFrom("products as p").where("p.id", "in", page), shape.sort, sale), slot.now);
      }),
      count: compiledOnce(slots, (db, slot) => gameProducts(db, slot, shape, sale).select((eb) => eb.fn.countAll<number | string>().as("n"))),
    };
    pages.set(key, runs);
  }
  return runs;
}

/**
 * One page of a game's products with the game page's options applied, and how many products those
 * options keep in all (for the page links).
 */
export async function listGameProductPage(
  db: Kysely<Database>,
  now: Date,
  gameId: string,
  options: ProductListingOptions,
  page: PageRequest,
): Promise<ProductPageView> {
  // The sale first: the price range and sort compare the prices the cards then show.
  const pricing = await readSalePricing(db, now);
  const shape = {
    category: options.category !== null,
    minPrice: options.minPrice !== null,
    maxPrice: options.maxPrice !== null,
    inStockOnly: options.inStockOnly,
    sort: options.sort,
  };
  const values: Values = {
    now: now.toISOString(),
    gameId,
    category: options.category ?? "",
    minPrice: options.minPrice ?? 0,
    maxPrice: options.maxPrice ?? 0,
    limit: page.limit,
    offset: page.offset,
  };
  return pageWithTotal(db, gameRuns(shape, pricing), values, page, pricing);
}

/**
 * Runs a page's rows, then its count only when the rows cannot tell it: a first page that is not
 * full is the whole list (every demo game, so the demo pays no second statement).
 */
async function pageWithTotal(db: Kysely<Database>, runs: Runs, values: Values, page: PageRequest, pricing: SalePricing | null): Promise<ProductPageView> {
  const rows = (await runs.rows(db, values)) as ProductRow[];
  const total = page.offset === 0 && rows.length < page.limit ? rows.length : Number(((await runs.count(db, values))[0] as { n: number | string }).n);
  return { products: rows.map((row) => toProductView(row, pricing)), total };
}

/** What GET /api/products filters by: one game, featured products, or the whole catalogue. */
export interface ProductListFilter {
  gameId?: string | undefined;
  featured?: boolean | undefined;
}

const catalogueFilter = (db: Kysely<Database>, slot: { gameId: string }, filter: { byGame: boolean; featured: boolean }) => {
  let query = db.selectFrom("products as p");
  if (filter.byGame) query = query.where("p.gameId", "=", slot.gameId);
  // A literal, not a parameter: SQLite would plan the statement anew for each run of `= ?`.
  if (filter.featured) query = query.where("p.featured", "=", sql.lit(1));
  return query;
};

/** The catalogue's order: the game's displayOrder (then name), then the product's, then its name; the id last. */
function inCatalogueOrder<O>(query: SelectQueryBuilder<WithProducts, "p", O>) {
  return query
    .orderBy(gameColumn<number>("displayOrder"))
    .orderBy(gameColumn<string>("name"))
    .orderBy("p.gameId")
    .orderBy("p.displayOrder")
    .orderBy("p.name")
    .orderBy("p.id");
}

const cataloguePages = new Map<string, Runs>();

function catalogueRuns(filter: { byGame: boolean; featured: boolean }) {
  const key = `${filter.byGame} ${filter.featured}`;
  let runs = cataloguePages.get(key);
  if (!runs) {
    const slots = ["now", "gameId", "limit", "offset"] as const;
    runs = {
      rows: compiledOnce(slots, (db, slot) => {
        const page = inCatalogueOrder(catalogueFilter(db, slot, filter))
          .select("p.id")
          .limit(slot.limit as unknown as number)
          .offset(slot.offset as unknown as number);
        return productColumns(inCatalogueOrder(db.selectFrom("products as p").where("p.id", "in", page)), slot.now);
      }),
      count: compiledOnce(slots, (db, slot) => catalogueFilter(db, slot, filter).select((eb) => eb.fn.countAll<number | string>().as("n"))),
    };
    cataloguePages.set(key, runs);
  }
  return runs;
}

/**
 * One page of products in the catalogue's order (game, then displayOrder, then name) for one game,
 * the featured ones or all, and how many the filter finds.
 */
export async function listProductPage(db: Kysely<Database>, now: Date, filter: ProductListFilter, page: PageRequest): Promise<ProductPageView> {
  const runs = catalogueRuns({ byGame: filter.gameId !== undefined, featured: filter.featured === true });
  const values = { now: now.toISOString(), gameId: filter.gameId ?? "", limit: page.limit, offset: page.offset, category: "", minPrice: 0, maxPrice: 0 };
  return pageWithTotal(db, runs, values, page, await readSalePricing(db, now));
}

/**
 * Up to `limit` other products of the product's game in the catalogue's order, for the product
 * page's "related" row: a bounded query, not the game's whole list.
 */
export async function listRelatedProducts(db: Kysely<Database>, now: Date, product: { id: string; gameId: string }, limit: number) {
  const rows = await relatedProducts(db, { now: now.toISOString(), gameId: product.gameId, productId: product.id, limit });
  const pricing = await readSalePricing(db, now);
  return (rows as ProductRow[]).map((row) => toProductView(row, pricing));
}
const relatedProducts = compiledOnce(["now", "gameId", "productId", "limit"], (db, slot) =>
  productColumns(db.selectFrom("products as p").where("p.gameId", "=", slot.gameId).where("p.id", "<>", slot.productId), slot.now)
    .orderBy("p.displayOrder")
    .orderBy("p.name")
    .orderBy("p.id")
    .limit(slot.limit as unknown as number),
);
