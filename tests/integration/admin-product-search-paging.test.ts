import { describe, expect, it } from "vitest";
import * as productsAdmin from "#src/pages/api/admin/products/index.ts";
import { SORTED_SEARCH_MAX } from "#read-models/storefront/catalogue.queries.ts";
import { createTestApp } from "./helpers/test-app.ts";
import { signedInAdmin } from "./helpers/sign-in.ts";

/**
 * The admin panel's product search pages correctly (issue 33): with more matches than
 * SORTED_SEARCH_MAX, its first pages walk the catalogue's order through migration 0040's indexes
 * and its later pages sort the matches; either way the pages, put together, are every match once,
 * in the order of the whole list. The products are written by plain SQL (the search index's
 * triggers find them), with equal display orders and names so the order's last keys decide.
 */
const store = await createTestApp();
const admin = await signedInAdmin(store);
const { db } = store.app;
const games = await db.selectFrom("games").select("id").orderBy("displayOrder").execute();
const MATCHES = SORTED_SEARCH_MAX + 300;
const createdAt = new Date().toISOString();
const rows = Array.from({ length: MATCHES + 200 }, (_, i) => ({
  id: `comet-${String(i).padStart(4, "0")}`,
  gameId: games[i % games.length]!.id,
  // Every fourth product matches nothing of the search: the walk must skip them.
  name: i % 4 === 3 ? `Nebula ${i % 7}` : `Comet ${i % 5}`,
  category: "Comets",
  description: "",
  image: "/img/item/comet.svg",
  priceCents: 100,
  originalPriceCents: null,
  stock: i % 3 === 0 ? 0 : 500,
  displayOrder: 1000 + (i % 6),
  featured: 0,
  createdAt,
}));
// "comet" is also the category: the search finds every one of them.
for (let i = 0; i < rows.length; i += 200)
  await db
    .insertInto("products")
    .values(rows.slice(i, i + 200))
    .execute();

async function page(query: Record<string, string>) {
  const res = await admin.call(productsAdmin.GET, "/api/admin/products", { query });
  expect(res.status).toBe(200);
  return { ids: (res.body as { id: string }[]).map((p) => p.id), total: Number(res.headers.get("x-total-count")) };
}

async function everyPage(query: Record<string, string>, size: number) {
  const seen: string[] = [];
  for (let offset = 0; ; offset += size) {
    const { ids } = await page({ ...query, offset: String(offset), limit: String(size) });
    seen.push(...ids);
    if (ids.length < size) return seen;
  }
}

describe("admin product search, paged", () => {
  it("answers every match once, in the whole list's order, page after page (walked and sorted pages alike)", async () => {
    const whole = await page({ q: "comet" });
    expect(whole.total).toBe(rows.length);
    expect(whole.ids).toHaveLength(rows.length);
    expect(new Set(whole.ids)).toEqual(new Set(rows.map((r) => r.id)));
    for (const size of [25, 37]) expect(await everyPage({ q: "comet" }, size)).toEqual(whole.ids);
  });

  it("pages a search of a word only some products have the same way", async () => {
    const named = rows.filter((r) => r.name.startsWith("Comet")).map((r) => r.id);
    expect(named.length).toBeGreaterThan(SORTED_SEARCH_MAX);
    const whole = await page({ q: "comet 2" });
    const paged = await everyPage({ q: "comet 2" }, 25);
    expect(paged).toEqual(whole.ids);
    // "2" is a word prefix of "Comet 2" and "Nebula 2" (a Comets category product too).
    expect(new Set(paged)).toEqual(new Set(rows.filter((r) => r.name.endsWith(" 2")).map((r) => r.id)));
    const all = await everyPage({ q: "comet" }, 50);
    expect(new Set(all.filter((id) => named.includes(id)))).toEqual(new Set(named));
  });

  it("keeps the game and stock filters on walked pages", async () => {
    const game = games[1]!.id;
    const expected = rows.filter((r) => r.gameId === game && r.stock === 0).map((r) => r.id);
    const paged = await everyPage({ q: "comet", gameId: game, stock: "out" }, 10);
    expect(new Set(paged)).toEqual(new Set(expected));
    expect(paged).toHaveLength(expected.length);
    const inStock = await everyPage({ q: "comet", stock: "in" }, 25);
    expect(inStock).toEqual((await page({ q: "comet", stock: "in" })).ids);
    expect(inStock).toHaveLength(rows.filter((r) => r.stock > 0).length);
  });
});
