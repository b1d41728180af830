import { describe, expect, it } from "vitest";
import { DEFAULT_LISTING, type ProductListingOptions } from "#domain/catalogue/product-listing.ts";
import { formatCents } from "#domain/shared/money.ts";
import { salePriceOf } from "#domain/shop-facts/sale-price.ts";
import { listGameProductPage } from "#read-models/storefront/product-pages.queries.ts";
import type { ProductView } from "#read-models/storefront/catalogue.views.ts";
import * as announcementSettings from "#src/pages/api/admin/settings/announcement.ts";
import { manualClock } from "../fakes/in-memory-shopping.ts";
import { signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp, PUBLIC_URL } from "./helpers/test-app.ts";

// A sale lowers the price of what it names, and the game page's price range and price sort
// (filtered, sorted and cut into pages by the database: product-pages.queries.ts) compare the price
// the shopper pays at that moment, not the regular one (docs/shop-facts.md, "Sale prices"). Two
// games: one with every third product named by the sale, one named whole; more than two pages of 60.

const clock = manualClock("2026-11-27T10:00:00.000Z");
const store = await createTestApp({ clock });
const { db } = store.app;
const minutes = (n: number) => n * 60_000;
const START = new Date(clock.now().getTime() + minutes(60));
const END = new Date(clock.now().getTime() + minutes(120));
const BEFORE = new Date(START.getTime() - 1);
const DURING = new Date(START.getTime() + minutes(30));
const PERCENT = 40;
const PICKED = "sale-listing-picked"; // every third product named by the sale
const WHOLE = "sale-listing-whole"; // the whole game named by the sale
const CATEGORIES = ["Pets", "Fruits"];

const createdAt = clock.now().toISOString();
await db
  .insertInto("games")
  .values([PICKED, WHOLE].map((id, i) => ({ id, slug: id, name: id, description: "", thumbnail: "", displayOrder: 90 + i, createdAt })))
  .execute();
await db
  .insertInto("categories")
  .values([PICKED, WHOLE].flatMap((gameId) => CATEGORIES.map((name, i) => ({ id: `${gameId}-c${i}`, gameId, name, displayOrder: i }))))
  .execute();
const rowsOf = (gameId: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: `${gameId}-p${String(i).padStart(3, "0")}`,
    gameId,
    name: `Item ${String((i * 37) % count).padStart(3, "0")}`,
    category: CATEGORIES[i % 2]!,
    description: "",
    image: "/img/x.svg",
    // 1.00 to 10.75 in 25-cent steps, out of id order, many equal; 1 cent and 2 cents among them (the floor).
    priceCents: i === 5 ? 1 : i === 6 ? 2 : 100 + ((i * 53) % 40) * 25,
    originalPriceCents: null,
    stock: i % 4 === 0 ? 0 : i,
    displayOrder: count - i,
    featured: 0,
    createdAt,
  }));
await db
  .insertInto("products")
  .values([...rowsOf(PICKED, 130), ...rowsOf(WHOLE, 70)])
  .execute();
const products = await db.selectFrom("products").selectAll().where("gameId", "in", [PICKED, WHOLE]).execute();
const named = products.filter((p) => p.gameId === PICKED && Number(p.id.slice(-3)) % 3 === 0).map((p) => p.id);

const owner = await signInAdmin(store);
const sale = { text: "Listing sale", startsAt: START.toISOString(), endsAt: END.toISOString(), discountCode: null, percentOff: PERCENT };
const saved = await owner.call(announcementSettings.PUT, "/x", { body: { text: null, sale: { ...sale, gameIds: [WHOLE], productIds: named } } });
expect(saved.status).toBe(204);

type Product = (typeof products)[number];
/** What the product costs at `at`: the rule of domain/shop-facts/sale-price.ts, in JS. */
const paidAt = (p: Product, at: Date) =>
  at >= START && at < END && (p.gameId === WHOLE || named.includes(p.id)) ? salePriceOf(p.priceCents, PERCENT) : p.priceCents;

/** The game page's whole list with these options at `at`, read 60 at a time, and the total every page counted. */
async function everyPage(gameId: string, options: ProductListingOptions, at: Date): Promise<{ listed: ProductView[]; total: number }> {
  const listed: ProductView[] = [];
  const totals = new Set<number>();
  for (let offset = 0; ; offset += 60) {
    const page = await listGameProductPage(db, at, gameId, options, { offset, limit: 60 });
    totals.add(page.total);
    if (page.products.length === 0) break;
    listed.push(...page.products);
  }
  expect(totals.size).toBe(1);
  return { listed, total: [...totals][0]! };
}

/**
 * The ids the game page must list: kept by the options at `at`; a price sort orders the whole list
 * by the price paid (no category groups), otherwise category order ("featured" is displayOrder here:
 * no product is featured); then displayOrder, name, id.
 */
function expectedIds(gameId: string, options: ProductListingOptions, at: Date): string[] {
  expect(["featured", "price-asc", "price-desc"]).toContain(options.sort);
  const direction = options.sort === "price-desc" ? -1 : options.sort === "price-asc" ? 1 : 0;
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return products
    .filter((p) => p.gameId === gameId && (options.category === null || p.category === options.category))
    .filter((p) => (options.minPrice === null || paidAt(p, at) >= options.minPrice) && (options.maxPrice === null || paidAt(p, at) <= options.maxPrice))
    .filter((p) => !options.inStockOnly || p.stock > 0)
    .sort(
      (a, b) =>
        (direction === 0 ? CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category) : direction * (paidAt(a, at) - paidAt(b, at))) ||
        a.displayOrder - b.displayOrder ||
        byText(a.name, b.name) ||
        byText(a.id, b.id),
    )
    .map((p) => p.id);
}

const byPrice = (sort: "price-asc" | "price-desc") => ({ ...DEFAULT_LISTING, sort });
const upTo = (cents: number) => ({ ...DEFAULT_LISTING, maxPrice: cents });

describe("the game page's price range and price sort during a sale", () => {
  it("sort by the sale price across pages, both ways, and show the prices they sort by", async () => {
    for (const sort of ["price-asc", "price-desc"] as const) {
      const expected = expectedIds(PICKED, byPrice(sort), DURING);
      // The sale reorders the list: sorted by regular prices it would not be this order.
      expect(expected).not.toEqual(expectedIds(PICKED, byPrice(sort), BEFORE));
      const { listed, total } = await everyPage(PICKED, byPrice(sort), DURING);
      expect(total).toBe(130);
      expect(listed.map((p) => p.id)).toEqual(expected);
      const paid = new Map(products.map((p) => [p.id, formatCents(paidAt(p, DURING))]));
      expect(listed.map((p) => p.price)).toEqual(listed.map((p) => paid.get(p.id)));
    }
  });

  it("keep a product whose sale price is in the range though its regular price is not, and count it", async () => {
    const options = upTo(300);
    const expected = expectedIds(PICKED, options, DURING);
    const onlyBySale = products.filter((p) => expected.includes(p.id) && p.priceCents > 300);
    expect(onlyBySale.length).toBeGreaterThan(5);
    const { listed, total } = await everyPage(PICKED, options, DURING);
    expect(listed.map((p) => p.id)).toEqual(expected);
    expect(total).toBe(expected.length);
    expect(listed.every((p) => Number(p.price) <= 3)).toBe(true);

    // A floor drops a product whose regular price is over it but whose sale price is under.
    const from = { ...DEFAULT_LISTING, minPrice: 500, sort: "price-desc" as const };
    const { listed: dear } = await everyPage(PICKED, from, DURING);
    expect(dear.map((p) => p.id)).toEqual(expectedIds(PICKED, from, DURING));
    expect(products.some((p) => p.gameId === PICKED && p.priceCents >= 500 && !dear.some((d) => d.id === p.id))).toBe(true);
  });

  it("apply to a whole game the sale names, with the category, stock and both bounds, over pages of 20", async () => {
    const options: ProductListingOptions = { category: "Fruits", inStockOnly: true, minPrice: 150, maxPrice: 450, sort: "price-asc" };
    const expected = expectedIds(WHOLE, options, DURING);
    expect(expected).not.toEqual(expectedIds(WHOLE, options, BEFORE));
    const listed: string[] = [];
    for (let offset = 0; offset < 80; offset += 20) {
      const page = await listGameProductPage(db, DURING, WHOLE, options, { offset, limit: 20 });
      expect(page.total).toBe(expected.length);
      listed.push(...page.products.map((p) => p.id));
    }
    expect(listed).toEqual(expected);
  });

  it("use the regular price before the start and from the end on", async () => {
    for (const at of [BEFORE, END]) {
      for (const options of [byPrice("price-asc"), upTo(300), { ...upTo(450), minPrice: 150, sort: "price-desc" as const }]) {
        for (const game of [PICKED, WHOLE]) {
          const { listed, total } = await everyPage(game, options, at);
          const expected = products
            .filter((p) => p.gameId === game)
            .filter((p) => (options.minPrice ?? 0) <= p.priceCents && p.priceCents <= (options.maxPrice ?? Infinity))
            .map((p) => p.id);
          expect(listed.map((p) => p.id)).toEqual(expectedIds(game, options, at));
          expect(total).toBe(expected.length);
        }
      }
    }
  });

  it("a kept filtered page rendered before the start is not served from the start on", async () => {
    // The game page's HTML is kept by the page cache per URL, query included (catalogue-cache.ts);
    // this stands in for its render with the same read model the page calls.
    const url = `${PUBLIC_URL}/shop/${PICKED}?max=3.00&sort=price-asc`;
    let renders = 0;
    const render = async () => {
      renders++;
      const page = await listGameProductPage(db, clock.now(), PICKED, { ...upTo(300), sort: "price-asc" }, { offset: 0, limit: 60 });
      return new Response(JSON.stringify(page.products.map((p) => p.id)), { headers: { "content-type": "application/json" } });
    };
    const shown = async () => (await (await store.app.catalogueCache.serve(new Request(url), render)).json()) as string[];

    clock.set(new Date(START.getTime() - 30_000).toISOString());
    expect(await shown()).toEqual(expectedIds(PICKED, { ...upTo(300), sort: "price-asc" }, BEFORE).slice(0, 60));
    clock.advance(29_999);
    await shown();
    expect(renders).toBe(1);
    clock.advance(1);
    expect(await shown()).toEqual(expectedIds(PICKED, { ...upTo(300), sort: "price-asc" }, DURING).slice(0, 60));
    expect(renders).toBe(2);
  });
});
