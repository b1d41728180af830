import { describe, expect, it } from "vitest";
import { DEFAULT_LISTING, type ProductListingOptions } from "#domain/catalogue/product-listing.ts";
import { listGameProductPage, listProductPage, listRelatedProducts } from "#read-models/storefront/product-pages.queries.ts";
import type { ProductView } from "#read-models/storefront/catalogue.views.ts";
import * as products from "#src/pages/api/products/index.ts";
import { createTestApp } from "./helpers/test-app.ts";

// Issue 33: lists of products are filtered, sorted, counted and cut into pages by the database. A
// game of 130 products (more than two pages of 60, more than one answer of 100) is added to the
// demo store; every rule is checked over the whole list read page by page.

const { app, call } = await createTestApp();
const db = app.db;
const now = new Date();
const GAME = "paging-game";
const CATEGORIES = ["Pets", "Fruits", "Passes"]; // displayOrder 0, 1, 2: not alphabetical
const COUNT = 130;

await db
  .insertInto("games")
  .values({ id: GAME, slug: "paging-game", name: "Paging Game", description: "", thumbnail: "", displayOrder: 99, createdAt: now.toISOString() })
  .execute();
await db
  .insertInto("categories")
  .values(CATEGORIES.map((name, i) => ({ id: `${GAME}-c${i}`, gameId: GAME, name, displayOrder: i })))
  .execute();
await db
  .insertInto("products")
  .values(
    Array.from({ length: COUNT }, (_, i) => ({
      id: `${GAME}-p${String(i).padStart(3, "0")}`,
      gameId: GAME,
      // Names out of id order, some equal prices, some out of stock, every seventh featured.
      name: `Item ${String((i * 37) % COUNT).padStart(3, "0")}`,
      category: i % 10 === 9 ? "Retired" : CATEGORIES[i % 3]!,
      description: "",
      image: "/img/x.svg",
      priceCents: 100 + ((i * 53) % 40) * 25,
      originalPriceCents: null,
      stock: i % 4 === 0 ? 0 : i,
      displayOrder: COUNT - i,
      featured: i % 7 === 0 ? 1 : 0,
      createdAt: now.toISOString(),
    })),
  )
  .execute();
const everything = await db.selectFrom("products").selectAll().where("gameId", "=", GAME).execute();

/** Every page of the game with these options, read 60 at a time. */
async function readAllPages(options: ProductListingOptions): Promise<{ pages: ProductView[][]; total: number }> {
  const pages: ProductView[][] = [];
  const totals = new Set<number>();
  for (let offset = 0; ; offset += 60) {
    const page = await listGameProductPage(db, now, GAME, options, { offset, limit: 60 });
    totals.add(page.total);
    if (page.products.length === 0) break;
    pages.push(page.products);
  }
  // Every page, the empty one after the last included, counts the same total.
  expect(totals.size).toBe(1);
  return { pages, total: [...totals][0]! };
}

const categoryRank = (name: string) => (CATEGORIES.includes(name) ? CATEGORIES.indexOf(name) : CATEGORIES.length);

describe("a game page's products, page by page", () => {
  it("reaches every product exactly once, grouped by the game's category order, featured first within a category", async () => {
    const { pages, total } = await readAllPages(DEFAULT_LISTING);
    expect(total).toBe(COUNT);
    expect(pages.map((p) => p.length)).toEqual([60, 60, 10]);
    const ids = pages.flat().map((p) => p.id);
    expect(new Set(ids).size).toBe(COUNT);
    expect([...ids].sort()).toEqual(everything.map((p) => p.id).sort());
    const listed = pages.flat();
    for (let i = 1; i < listed.length; i++) {
      const [a, b] = [listed[i - 1]!, listed[i]!];
      const byCategory = categoryRank(a.category) - categoryRank(b.category);
      expect(byCategory).toBeLessThanOrEqual(0);
      if (byCategory === 0) expect(b.featured <= a.featured && (b.featured < a.featured || a.displayOrder <= b.displayOrder)).toBe(true);
    }
    expect(listed.at(-1)!.category).toBe("Retired");
  });

  // Issue 47: sorted inside each category group, $7.99 stood above $9.99; a price sort is the whole list's.
  it("sorts the whole list by price across pages, both ways, categories mixed", async () => {
    for (const sort of ["price-asc", "price-desc"] as const) {
      const listed = (await readAllPages({ ...DEFAULT_LISTING, sort })).pages.flat();
      expect(listed).toHaveLength(COUNT);
      for (let i = 1; i < listed.length; i++) {
        const [a, b] = [listed[i - 1]!, listed[i]!];
        const step = Number(b.price) - Number(a.price);
        expect(sort === "price-asc" ? step : -step).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it("sorts by name across pages", async () => {
    const listed = (await readAllPages({ ...DEFAULT_LISTING, category: "Pets", sort: "name" })).pages.flat();
    expect(listed.map((p) => p.name)).toEqual(listed.map((p) => p.name).sort());
  });

  it("applies the category chip, in stock only and the price range on the server, and counts what they keep", async () => {
    const options = { ...DEFAULT_LISTING, category: "Fruits", inStockOnly: true, minPrice: 300, maxPrice: 800 };
    const { pages, total } = await readAllPages(options);
    const expected = everything.filter((p) => p.category === "Fruits" && p.stock > 0 && p.priceCents >= 300 && p.priceCents <= 800);
    expect(expected.length).toBeGreaterThan(3);
    expect(total).toBe(expected.length);
    expect(
      pages
        .flat()
        .map((p) => p.id)
        .sort(),
    ).toEqual(expected.map((p) => p.id).sort());
  });

  it("answers an empty page and the total past the last page", async () => {
    const page = await listGameProductPage(db, now, GAME, DEFAULT_LISTING, { offset: 600, limit: 60 });
    expect(page).toEqual({ products: [], total: COUNT });
  });
});

describe("related products", () => {
  it("are a few others of the same game, never the product itself", async () => {
    const product = everything[0]!;
    const related = await listRelatedProducts(db, now, product, 5);
    expect(related).toHaveLength(5);
    expect(related.every((p) => p.gameId === GAME && p.id !== product.id)).toBe(true);
  });
});

describe("GET /api/products pages", () => {
  it("answers at most one page of 100 without limit, with X-Total-Count", async () => {
    const res = await call(products.GET, "/api/products", { query: { gameId: GAME } });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(100);
    expect(res.headers.get("x-total-count")).toBe(String(COUNT));
  });

  it("walks a game with limit and offset: every product once, in the catalogue's order", async () => {
    const seen: { id: string; displayOrder: number }[] = [];
    for (let offset = 0; offset < COUNT + 40; offset += 40) {
      const res = await call(products.GET, "/api/products", { query: { gameId: GAME, limit: "40", offset: String(offset) } });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-total-count")).toBe(String(COUNT));
      seen.push(...res.body);
    }
    expect(seen.map((p) => p.id).sort()).toEqual(everything.map((p) => p.id).sort());
    const orders = seen.map((p) => p.displayOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it("pages the whole catalogue and the featured products alike", async () => {
    const total = Number((await call(products.GET, "/api/products", { query: { limit: "1" } })).headers.get("x-total-count"));
    const [count] = await db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .execute();
    expect(total).toBe(Number(count!.n));
    expect(total).toBeGreaterThan(100);
    const featured = await listProductPage(db, now, { featured: true }, { offset: 0, limit: 100 });
    expect(featured.products.every((p) => p.featured === 1)).toBe(true);
    expect(featured.products.length).toBe(Math.min(100, featured.total));
  });

  it("refuses a limit over 100 or below 1, and a negative offset, with 400", async () => {
    for (const query of [{ limit: "101" }, { limit: "0" }, { offset: "-1" }, { limit: "ten" }] as Record<string, string>[]) {
      expect((await call(products.GET, "/api/products", { query })).status).toBe(400);
    }
  });
});
