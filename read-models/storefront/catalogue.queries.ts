import { sql, type Kysely, type RawBuilder } from "kysely";
import { compiledOnce } from "#adapters/db/compiled-once.ts";
import { dialectOf } from "#adapters/db/database.ts";
import type { Database } from "#adapters/db/schema.ts";
import { heldUnits } from "#adapters/db/stock-holds.ts";
import { readSalePricing, readScheduledSale } from "#adapters/db/scheduled-sale.ts";
import { STOCK_THRESHOLD } from "#domain/catalogue/product.ts";
import { priceNow, salePriceLastDay, type SalePricing } from "#domain/shop-facts/sale-price.ts";
import { formatCents } from "#domain/shared/money.ts";
import type { AdminProductView, CategoryView, GameDetailView, GameView, ProductDetailView, ProductView } from "./catalogue.views.ts";
import { deliveryMethodOf, requirementsOf } from "#adapters/repositories/requirements-columns.ts";
import { cartRequirements } from "#domain/catalogue/requirements.ts";
import { countSearchMatches, matchesSearch, matchesSearchRowByRow, rankedProductIds } from "./product-search.query.ts";

/** At most this many results in the header search dropdown. */
export const SEARCH_LIMIT = 8;

const gameColumns = ["id", "slug", "name", "description", "thumbnail", "displayOrder"] as const;

/**
 * Products with the stock a shopper can buy at `now`: units in stock minus what prepared checkouts
 * of other shoppers hold (`forUserId`'s own hold stays theirs). Pages and the API show this figure.
 * `stock: "on_hand"` answers `products.stock` itself, for the admin panel's editor (a product saved
 * from the available figure would lose the held units for good).
 */
export function productQuery(db: Kysely<Database>, now: Date | string, forUserId: string | null = null, stock: "available" | "on_hand" = "available") {
  return db
    .selectFrom("products as p")
    .innerJoin("games as g", "g.id", "p.gameId")
    .select([...PRODUCT_COLUMNS, "g.slug as gameSlug", "g.name as gameName", stockColumn(now, forUserId, stock)]);
}

/** The products table's columns every product view shows. */
export const PRODUCT_COLUMNS = [
  "p.id",
  "p.gameId",
  "p.name",
  "p.category",
  "p.description",
  "p.image",
  "p.priceCents",
  "p.originalPriceCents",
  "p.displayOrder",
  "p.featured",
] as const;

export function stockColumn(now: Date | string | RawBuilder<string>, forUserId: string | RawBuilder<string> | null, stock: "available" | "on_hand") {
  return stock === "on_hand"
    ? sql<number>`${sql.ref("p.stock")}`.as("stock")
    : sql<number>`${sql.ref("p.stock")} - ${heldUnits("p.id", now, forUserId)}`.as("stock");
}

/** One column of the product's game, for a query on products alone. */
export function gameColumn<T>(column: "slug" | "name" | "displayOrder") {
  return sql<T>`(select ${sql.ref(`g.${column}`)} from "games" as "g" where "g"."id" = "p"."gameId")`;
}

/** Names by code unit, as SQLite's BINARY collation orders them (the same on PostgreSQL here). */
function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

export type ProductRow = Awaited<ReturnType<ReturnType<typeof productQuery>["execute"]>>[number];

/**
 * A product as the storefront shows it. With a running sale's `pricing` (readSalePricing), a product
 * on sale shows the sale price and, struck through as `originalPrice`, its regular price: the price
 * it had the moment before the sale, not a compare-at figure. The admin panel passes none.
 */
export function toProductView({ priceCents, originalPriceCents, featured, ...row }: ProductRow, pricing: SalePricing | null = null): ProductView {
  const { price, regularPrice } = priceNow(pricing, { id: row.id, gameId: row.gameId, price: priceCents });
  // An original price at or below the price is no reduction ("$9.99 ~~$4.99~~", issue 47): not shown.
  const struck = regularPrice ?? (originalPriceCents !== null && originalPriceCents > priceCents ? originalPriceCents : null);
  return {
    ...row,
    stock: Math.max(0, Number(row.stock)),
    price: formatCents(price),
    originalPrice: struck === null ? null : formatCents(struck),
    featured: featured === 1 ? 1 : 0,
  };
}

// The catalogue's queries that every page makes are compiled once (compiledOnce): building and
// compiling them cost more than running them (docs/benchmarks.md, issue 22).
const allGames = compiledOnce([], (db) => db.selectFrom("games").select(gameColumns).orderBy("displayOrder").orderBy("name"));

/** All games by displayOrder (then name, so equal orders are stable). */
export async function listGames(db: Kysely<Database>): Promise<GameView[]> {
  return allGames(db, {});
}

/** The game with this slug, or null, with what a buyer's account needs for its items and how they are delivered. */
export async function findGameBySlug(db: Kysely<Database>, slug: string): Promise<GameDetailView | null> {
  const row = await db
    .selectFrom("games")
    .select([...gameColumns, "requirements", "deliveryMethod"])
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row ? { ...row, requirements: requirementsOf(row.requirements), deliveryMethod: deliveryMethodOf(row.deliveryMethod) } : null;
}

/** A game's categories by displayOrder. */
export async function listCategories(db: Kysely<Database>, gameId: string): Promise<CategoryView[]> {
  const categories = await categoriesOfGame(db, { gameId });
  return categories.sort((a, b) => a.displayOrder - b.displayOrder || byName(a, b));
}
// Sorted here, not by ORDER BY: on SQLite, `where "gameId" = ? order by ...` is planned anew on
// every run (the planner's guess about `= ?` marks the statement to be re-prepared when its
// parameters change, and better-sqlite3 clears them after each run), which doubled the query's
// cost; a game has a handful of categories (docs/decisions.md, "SQLite plans some statements anew").
const categoriesOfGame = compiledOnce(["gameId"], (db, slot) =>
  db.selectFrom("categories").select(["id", "gameId", "name", "displayOrder"]).where("gameId", "=", slot.gameId),
);

/** What the admin panel's product list filters by; every field is optional. */
export interface AdminProductFilter {
  gameId?: string | undefined;
  /** Every word a word prefix of the name, category or game name (the search index, case-insensitive). */
  search?: string | undefined;
  /** On-hand stock level, as the stock badges name it: in (above the threshold), low (1 to it), out (0). */
  stock?: "in" | "low" | "out" | undefined;
}

function adminProductQuery(db: Kysely<Database>, now: Date, filter: AdminProductFilter, walk = false) {
  let query = productQuery(db, now, null, "on_hand").select(["p.requirements", "p.deliveryMethod", "p.deliveryMinutes", "p.robuxAmount"]);
  if (filter.gameId !== undefined) query = query.where("p.gameId", "=", filter.gameId);
  if (filter.search !== undefined) {
    query = query.where(walk ? matchesSearchRowByRow(db, filter.search) : matchesSearch(db, filter.search));
  }
  if (filter.stock === "in") query = query.where("p.stock", ">", STOCK_THRESHOLD);
  if (filter.stock === "low") query = query.where("p.stock", ">=", 1).where("p.stock", "<=", STOCK_THRESHOLD);
  if (filter.stock === "out") query = query.where("p.stock", "<=", 0);
  return query;
}

/**
 * A search's page is taken from the list walked in its order (migration 0040's indexes), each
 * product tested against the matches until the page is full, when the search finds more than this
 * many and the page ends within the first eighth of them: the walk then reads about an eighth of
 * the catalogue at most (matches spread over it), and a first page of "dragon" (2,500 matches among
 * 22,000 products) a few hundred index entries instead of sorting 2,500 rows. Otherwise its
 * matches are sorted in the list's order, as before: a sort of what the search finds, which a walk
 * to a late page would cost more than (docs/benchmarks.md).
 */
export const SORTED_SEARCH_MAX = 500;
const WALKED_SHARE = 8;

async function walksInOrder(db: Kysely<Database>, filter: AdminProductFilter & { offset?: number; limit?: number | undefined }): Promise<boolean> {
  if (dialectOf(db) !== "sqlite" || filter.search === undefined || filter.limit === undefined) return false;
  // Counted inside the search index (no product read): what the list's count reads too.
  const matches = await countSearchMatches(db, filter.search);
  return matches > SORTED_SEARCH_MAX && ((filter.offset ?? 0) + filter.limit) * WALKED_SHARE <= matches;
}

/**
 * The admin panel's products with their on-hand stock, in the catalogue's order (game, then
 * displayOrder), a page at a time: `limit` undefined answers every product the filter finds.
 */
export async function listAdminProducts(
  db: Kysely<Database>,
  now: Date,
  filter: AdminProductFilter & { offset?: number; limit?: number | undefined } = {},
): Promise<AdminProductView[]> {
  const sqlite = dialectOf(db) === "sqlite";
  const walk = await walksInOrder(db, filter);
  // Games of equal order and name by rowid on SQLite: an id there may be NULL as far as the planner
  // knows (a text primary key), so only the rowid makes the games' order distinct, which it needs
  // to walk each game's products in their index's order instead of sorting them.
  let query = adminProductQuery(db, now, filter, walk)
    .orderBy("g.displayOrder")
    .orderBy("g.name")
    .orderBy(sqlite ? sql`"g"."rowid"` : sql`"g"."id"`)
    .orderBy("p.displayOrder")
    .orderBy("p.name")
    .orderBy("p.id");
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  if (filter.offset) query = query.offset(filter.offset);
  return (await query.execute()).map(({ requirements, deliveryMethod, deliveryMinutes, robuxAmount, ...row }) => ({
    ...toProductView(row),
    requirements: requirementsOf(requirements),
    deliveryMethod: deliveryMethodOf(deliveryMethod),
    deliveryMinutes: deliveryMinutes === null ? null : Number(deliveryMinutes),
    robuxAmount: robuxAmount === null ? null : Number(robuxAmount),
  }));
}

/** How many products the admin filter finds. */
export async function countAdminProducts(db: Kysely<Database>, now: Date, filter: AdminProductFilter = {}): Promise<number> {
  // A search alone is counted inside the index: at 22,000 products, 2,500 of them matching, 7.9 ms of
  // CPU with a lookup of each match's product and game, 2.6 ms without (docs/benchmarks.md).
  if (filter.search !== undefined && filter.gameId === undefined && filter.stock === undefined) return countSearchMatches(db, filter.search);
  const row = await adminProductQuery(db, now, filter)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The product with this id, or null; with its requirements (its game's first, then its own, once
 * per code: what checkout asks the shopper to confirm) and its delivery method.
 */
export async function findProduct(db: Kysely<Database>, id: string, now: Date): Promise<ProductDetailView | null> {
  const row = await productQuery(db, now)
    .select(["p.requirements as ownRequirements", "p.deliveryMethod", "p.deliveryMinutes", "p.robuxAmount", "g.requirements as gameRequirements"])
    .where("p.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const { ownRequirements, gameRequirements, deliveryMethod, deliveryMinutes, robuxAmount, ...product } = row;
  return {
    ...toProductView(product, await readSalePricing(db, now)),
    requirements: cartRequirements([requirementsOf(gameRequirements), requirementsOf(ownRequirements)]),
    deliveryMethod: deliveryMethodOf(deliveryMethod),
    deliveryMinutes: deliveryMinutes === null ? null : Number(deliveryMinutes),
    robuxAmount: robuxAmount === null ? null : Number(robuxAmount),
  };
}

/** The last day the product's sale price holds (sale-price.ts's salePriceLastDay), null when it is not on sale at `now`. */
export async function salePriceLastDayOf(db: Kysely<Database>, product: { id: string; gameId: string }, now: Date): Promise<string | null> {
  return salePriceLastDay(await readScheduledSale(db), now, product);
}

/**
 * The header search: products whose name, category or game name has every word of the text as a
 * word prefix, best first (names before categories and games), at most `limit`. Blank text finds
 * nothing. Through the database's search index (product-search.query.ts), not a scan.
 */
export async function searchProducts(db: Kysely<Database>, text: string, now: Date, limit = SEARCH_LIMIT): Promise<ProductView[]> {
  return productsInRank(db, await rankedProductIds(db, text, limit), now);
}

/** The results page's size, and how deep it pages: past this a shopper types more words. */
export const SEARCH_PAGE_SIZE = 24;
export const SEARCH_MAX_PAGE = 20;

/**
 * One page of /search: the header dropdown's ranking (the same rankedProductIds), `page` from 1
 * (clamped to 1..SEARCH_MAX_PAGE), and whether a next page exists. The index answers the first
 * page * size + 1 ids only, so a page costs what the pages up to it hold, at most 481 ids.
 */
export async function searchProductsPage(
  db: Kysely<Database>,
  text: string,
  now: Date,
  page: number,
): Promise<{ products: ProductView[]; page: number; hasNext: boolean }> {
  const shown = Math.min(Math.max(1, Math.floor(page) || 1), SEARCH_MAX_PAGE);
  const ids = await rankedProductIds(db, text, shown * SEARCH_PAGE_SIZE + 1);
  const products = await productsInRank(db, ids.slice((shown - 1) * SEARCH_PAGE_SIZE, shown * SEARCH_PAGE_SIZE), now);
  return { products, page: shown, hasNext: ids.length > shown * SEARCH_PAGE_SIZE && shown < SEARCH_MAX_PAGE };
}

async function productsInRank(db: Kysely<Database>, ids: readonly string[], now: Date): Promise<ProductView[]> {
  if (ids.length === 0) return [];
  const rows = await productQuery(db, now)
    .where("p.id", "in", [...ids])
    .execute();
  const rank = new Map(ids.map((id, i) => [id, i]));
  const pricing = await readSalePricing(db, now);
  return rows.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!).map((row) => toProductView(row, pricing));
}
