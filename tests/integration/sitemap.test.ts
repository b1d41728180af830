import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { SITEMAP_CHUNK } from "#read-models/storefront/sitemap.queries.ts";
import * as sitemapIndex from "#src/pages/sitemap.xml.ts";
import * as sitemapPart from "#src/pages/sitemap-[part].xml.ts";
import { SITEMAP_STATIC_PATHS } from "#src/lib/site.ts";
import { createTestApp, PUBLIC_URL } from "./helpers/test-app.ts";

/**
 * The sitemap index (issue 33) on a store with more products than one sitemap file holds: every
 * file is well-formed XML in the protocol's shape, within its limits, and together they list every
 * indexable page once.
 */
const { app } = await createTestApp();
const { db } = app;
const game = await db.selectFrom("games").select(["id", "slug"]).executeTakeFirstOrThrow();
const EXTRA = SITEMAP_CHUNK + 150;
const createdAt = new Date().toISOString();

/** Adds `count` products by plain SQL, 500 a statement: ids `${idPrefix}00000`, ...; `name` and `displayOrder` of the k-th. */
async function insertProducts(count: number, idPrefix: string, row: (k: number) => { name: string; displayOrder: number }) {
  for (let from = 0; from < count; from += 500) {
    await db
      .insertInto("products")
      .values(
        Array.from({ length: Math.min(500, count - from) }, (_, k) => ({
          id: `${idPrefix}${String(from + k).padStart(5, "0")}`,
          gameId: game.id,
          ...row(from + k),
          category: "Sitemap",
          description: "",
          image: "/img/x.svg",
          priceCents: 100,
          originalPriceCents: null,
          stock: 1,
          featured: 0,
          createdAt,
        })),
      )
      .execute();
  }
}
await insertProducts(EXTRA, "sitemap-", (k) => ({ name: `Sitemap item ${k}`, displayOrder: k }));

const parser = new XMLParser({ isArray: (name) => name === "url" || name === "sitemap" });

async function get(path: string): Promise<Response> {
  const url = new URL(path, PUBLIC_URL);
  const part = /^\/sitemap-(.+)\.xml$/.exec(url.pathname)?.[1];
  const handler = part === undefined ? sitemapIndex.GET : sitemapPart.GET;
  return handler({ request: new Request(url), url, params: part === undefined ? {} : { part }, locals: { app } as never });
}

/** The file's XML, checked well-formed, as parsed elements. */
async function xmlOf(path: string): Promise<{ text: string; doc: any }> {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
  expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
  const text = await response.text();
  expect(XMLValidator.validate(text), path).toBe(true);
  return { text, doc: parser.parse(text) };
}

async function countProducts(): Promise<number> {
  const { n } = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

describe("the sitemap index", () => {
  it("lists sitemap files that together hold every page, product and post once, each file within the limits", async () => {
    const index = await xmlOf("/sitemap.xml");
    expect(index.doc.sitemapindex["@_xmlns"] ?? index.text).toContain("http://www.sitemaps.org/schemas/sitemap/0.9");
    const files: string[] = index.doc.sitemapindex.sitemap.map((s: { loc: string }) => s.loc);
    const productCount = await countProducts();
    expect(productCount).toBeGreaterThan(SITEMAP_CHUNK);
    const productFiles = files.filter((f) => f.includes("/sitemap-products-"));
    expect(productFiles).toEqual(Array.from({ length: Math.ceil(productCount / SITEMAP_CHUNK) }, (_, i) => `${PUBLIC_URL}/sitemap-products-${i + 1}.xml`));
    expect(files).toContain(`${PUBLIC_URL}/sitemap-pages-1.xml`);
    expect(files).toContain(`${PUBLIC_URL}/sitemap-posts-1.xml`);

    const locs: string[] = [];
    for (const file of files) {
      expect(file.startsWith(`${PUBLIC_URL}/sitemap-`)).toBe(true);
      const { text, doc } = await xmlOf(new URL(file).pathname);
      expect(text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const urls: { loc: string; lastmod?: string }[] = doc.urlset.url;
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(SITEMAP_CHUNK + SITEMAP_STATIC_PATHS.length);
      expect(Buffer.byteLength(text)).toBeLessThan(256 * 1024);
      for (const url of urls) if (url.lastmod !== undefined) expect(String(url.lastmod)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      locs.push(...urls.map((u) => u.loc));
    }
    expect(new Set(locs).size).toBe(locs.length);
    const products = await db.selectFrom("products").select("id").execute();
    const games = await db.selectFrom("games").select("slug").execute();
    const posts = await db.selectFrom("blog_posts").select("slug").execute();
    const expected = [
      ...SITEMAP_STATIC_PATHS.map((p) => `${PUBLIC_URL}${p}`),
      ...games.map((g) => `${PUBLIC_URL}/shop/${g.slug}`),
      ...products.map((p) => `${PUBLIC_URL}/product/${p.id}`),
      ...posts.map((p) => `${PUBLIC_URL}/blog/${p.slug}`),
    ];
    expect([...locs].sort()).toEqual(expected.sort());
    expect(locs.some((loc) => /\/(privacy|refunds|terms)$/.test(loc))).toBe(false);
  });

  it("answers 404 for a file the index does not list", async () => {
    for (const part of ["products-99", "posts-2", "products-0", "products-01", "other-1", "products", "pages-1x"]) {
      expect((await get(`/sitemap-${part}.xml`)).status, part).toBe(404);
    }
  });

  it("is kept by the page cache and follows a product added by plain SQL", async () => {
    const request = () => new Request(`${PUBLIC_URL}/sitemap.xml`);
    let renders = 0;
    const render = async () => {
      renders++;
      return get("/sitemap.xml");
    };
    const before = await (await app.catalogueCache.serve(request(), render)).text();
    await app.catalogueCache.serve(request(), render);
    expect(renders).toBe(1);
    // Enough products for one more file: the catalogue version moves, the index is rendered again.
    const count = await countProducts();
    const missing = SITEMAP_CHUNK - (count % SITEMAP_CHUNK) + 1;
    await insertProducts(missing, "sitemap-more-", () => ({ name: "More", displayOrder: 0 }));
    const after = await (await app.catalogueCache.serve(request(), render)).text();
    expect(renders).toBe(2);
    const productFiles = (text: string) => [...text.matchAll(/sitemap-products-\d+\.xml/g)].length;
    expect(productFiles(after)).toBe(productFiles(before) + 1);
  });
});
