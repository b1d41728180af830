import { type KyselyPlugin, type OperationNode } from "kysely";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { SEARCH_INDEX_TABLES } from "#adapters/db/migrations/0026-product-search.ts";
import { CATALOGUE_TABLES } from "#adapters/db/migrations/0012-catalogue-version.ts";
import * as catalogue from "#read-models/storefront/catalogue.queries.ts";
import * as pages from "#read-models/storefront/product-pages.queries.ts";
import { DEFAULT_LISTING } from "#domain/catalogue/product-listing.ts";
import * as content from "#read-models/storefront/content.queries.ts";
import { CONTENT_TABLES } from "#adapters/db/migrations/0023-snake-case-tables.ts";
import * as productById from "#src/pages/api/admin/products/[id].ts";
import * as gameBySlug from "#src/pages/api/games/[slug].ts";
import * as products from "#src/pages/api/products/index.ts";
import * as prepare from "#src/pages/api/checkout/prepare.ts";
import * as cart from "#src/pages/api/cart/index.ts";
import { CATALOGUE_CACHE_MAX_AGE_MS } from "#server/catalogue-cache.ts";
import { manualClock } from "../fakes/in-memory-shopping.ts";
import { claimFor, product, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp, PUBLIC_URL } from "./helpers/test-app.ts";

const clock = manualClock(new Date().toISOString());
const store = await createTestApp({ clock });
const admin = await signInAdmin(store);
const doors = (await store.call(gameBySlug.GET, "/x", { params: { slug: "doors" } })).body.id as string;

const version = async (db = store.app.db) => Number((await db.selectFrom("catalogue_version").select("version").executeTakeFirstOrThrow()).version);

/** A render that counts its calls and answers what the products route answers now. */
function countingRender() {
  const render = async () => {
    render.calls++;
    const res = await store.call(products.GET, "/api/products", { query: { gameId: doors } });
    return new Response(JSON.stringify(res.body), { status: res.status, headers: { "content-type": "application/json" } });
  };
  render.calls = 0;
  return render;
}
const productsRequest = (headers: Record<string, string> = {}) => new Request(`${PUBLIC_URL}/api/products?gameId=${encodeURIComponent(doors)}`, { headers });

describe("catalogue version", () => {
  it("moves with every write to games, categories, products and stock holds, and with nothing else", async () => {
    const first = await product(store, "Golden Knobs").catch(
      async () => await store.app.db.selectFrom("products").selectAll().where("gameId", "=", doors).executeTakeFirstOrThrow(),
    );
    let before = await version();
    await store.app.db.updateTable("products").set({ stock: 40 }).where("id", "=", first.id).execute();
    expect(await version()).toBeGreaterThan(before);
    before = await version();
    await store.app.db.updateTable("games").set({ description: "Survive the hotel." }).where("id", "=", doors).execute();
    expect(await version()).toBeGreaterThan(before);
    before = await version();
    await store.app.db.updateTable("categories").set({ displayOrder: 7 }).where("gameId", "=", doors).execute();
    expect(await version()).toBeGreaterThan(before);
    before = await version();
    await store.app.db.insertInto("meta").values({ key: "catalogue-cache-test", value: "x" }).execute();
    expect(await version()).toBe(before);
  });

  it("moves with every write to the content the content pages show (FAQs, blog posts)", async () => {
    let before = await version();
    await store.app.db
      .updateTable("faqs")
      .set({ answer: "Within 20 minutes." })
      .where("id", "=", (await store.app.db.selectFrom("faqs").select("id").executeTakeFirstOrThrow()).id)
      .execute();
    expect(await version()).toBeGreaterThan(before);
    before = await version();
    await store.app.db
      .updateTable("blog_posts")
      .set({ title: "Edited" })
      .where("id", "=", (await store.app.db.selectFrom("blog_posts").select("id").executeTakeFirstOrThrow()).id)
      .execute();
    expect(await version()).toBeGreaterThan(before);
  });

  it("is all that the content pages' queries read, besides the header's games", async () => {
    const tables = new Set<string>();
    const db = store.app.db.withPlugin(tableRecorder(tables));
    await content.searchFaqs(db, store.app.paymentMethods);
    const [post] = await content.listBlogPosts(db);
    await content.findBlogPost(db, post!.slug, store.app.htmlSanitizer);
    expect([...tables].sort()).toEqual([...CONTENT_TABLES].sort());
  });

  it("is all that the storefront's catalogue queries read: tables other than the watched ones would go stale in the cache", async () => {
    const tables = new Set<string>();
    const db = store.app.db.withPlugin(tableRecorder(tables));
    const blox = (await catalogue.findGameBySlug(db, "blox-fruits"))!;
    await catalogue.listGames(db);
    await catalogue.listCategories(db, blox.id);
    const now = clock.now();
    const page = { offset: 0, limit: 100 };
    const listed = (await pages.listProductPage(db, now, { gameId: blox.id }, page)).products;
    await pages.listProductPage(db, now, { featured: true }, page);
    await pages.listGameProductPage(db, now, blox.id, { ...DEFAULT_LISTING, category: "Fruits", inStockOnly: true, minPrice: 1, maxPrice: 100_000 }, page);
    await pages.listRelatedProducts(db, now, listed[0]!, 5);
    await catalogue.findProduct(db, listed[0]!.id, now);
    await catalogue.searchProducts(db, "fruit", now);
    // Exactly the watched tables: the hold sub-select (raw SQL) is seen too, so a new table would be.
    // The search index (0026) is written only by triggers of the watched products and games.
    // shop_settings holds the scheduled sale whose percentage prices the products; its writes bump
    // the version too (trigger of migration 0029), and its start and end bound an entry's life.
    const index = new Set<string>(SEARCH_INDEX_TABLES);
    expect([...tables].filter((t) => !index.has(t)).sort()).toEqual([...CATALOGUE_TABLES, "shop_settings"].sort());
    expect(tables.has("product_search")).toBe(true);
  });
});

describe("catalogue cache", () => {
  it("renders once while the catalogue is unchanged, and again after an admin edit saved by another process", async () => {
    const render = countingRender();
    const first = await (await store.app.catalogueCache.serve(productsRequest(), render)).json();
    const again = await (await store.app.catalogueCache.serve(productsRequest(), render)).json();
    expect(render.calls).toBe(1);
    expect(again).toEqual(first);

    const edited = (first as { id: string; price: string }[])[0]!;
    const saved = await admin.call(productById.PATCH, `/api/admin/products/${edited.id}`, {
      params: { id: edited.id },
      body: { price: "1.23" },
      app: store.sibling(),
    });
    expect(saved.status).toBe(200);
    const after = (await (await store.app.catalogueCache.serve(productsRequest(), render)).json()) as { id: string; price: string }[];
    expect(render.calls).toBe(2);
    expect(after.find((p) => p.id === edited.id)!.price).toBe("1.23");
  });

  it("renders again when a prepared checkout's hold ends, though nothing was written", async () => {
    const item = await store.app.db.selectFrom("products").selectAll().where("gameId", "=", doors).where("stock", ">", 5).executeTakeFirstOrThrow();
    const buyer = await signIn(store, "holder@shop.test");
    expect((await buyer.call(cart.POST, "/api/cart", { body: { productId: item.id, quantity: 2 } })).status).toBeLessThan(300);
    expect((await buyer.call(prepare.POST, "/api/checkout/prepare", { body: await claimFor(buyer) })).status).toBe(201);

    const render = countingRender();
    const stockOf = async () =>
      ((await (await store.app.catalogueCache.serve(productsRequest(), render)).json()) as { id: string; stock: number }[]).find((p) => p.id === item.id)!
        .stock;
    expect(await stockOf()).toBe(item.stock - 2);
    expect(await stockOf()).toBe(item.stock - 2);
    expect(render.calls).toBe(1);
    clock.advance(16 * 60_000); // holds last 15 minutes
    expect(await stockOf()).toBe(item.stock);
    expect(render.calls).toBe(2);
  });

  it("renders again once an entry is CATALOGUE_CACHE_MAX_AGE_MS old, though nothing changed", async () => {
    const render = countingRender();
    const request = () => new Request(`${PUBLIC_URL}/api/products?featured=true`); // kept by no other test
    await store.app.catalogueCache.serve(request(), render);
    clock.advance(CATALOGUE_CACHE_MAX_AGE_MS - 1);
    await store.app.catalogueCache.serve(request(), render);
    expect(render.calls).toBe(1);
    clock.advance(1);
    await store.app.catalogueCache.serve(request(), render);
    expect(render.calls).toBe(2);
  });

  it("serves signed-in requests the answer kept for guests: the kept answers hold nothing of who asks", async () => {
    const render = countingRender();
    const request = (cookie?: string) =>
      new Request(`${PUBLIC_URL}/api/products?gameId=${encodeURIComponent(doors)}&signed-in-test`, { headers: cookie ? { cookie } : {} });
    const guest = await (await store.app.catalogueCache.serve(request(), render)).json();
    const signedIn = await store.app.catalogueCache.serve(request("better-auth.session_token=abc"), render);
    expect(render.calls).toBe(1);
    expect(signedIn.headers.get("x-cache")).toBe("hit");
    expect(await signedIn.json()).toEqual(guest);
    // The front's own path (node writes the kept bytes) finds it too: it never looks at the cookie.
    expect(await store.app.catalogueCache.peek(`/api/products?gameId=${encodeURIComponent(doors)}&signed-in-test`, undefined)).toBeDefined();
  });

  it("never keeps other answers than 200, or answers that set cookies", async () => {
    let notFound = 0;
    const missing = new Request(`${PUBLIC_URL}/api/games/no-such-game`);
    for (let i = 0; i < 2; i++) await store.app.catalogueCache.serve(missing, async () => (notFound++, new Response("{}", { status: 404 })));
    expect(notFound).toBe(2);

    let cookied = 0;
    const request = new Request(`${PUBLIC_URL}/shop?cookie-test`);
    for (let i = 0; i < 2; i++) await store.app.catalogueCache.serve(request, async () => (cookied++, new Response("x", { headers: { "set-cookie": "a=b" } })));
    expect(cookied).toBe(2);
  });

  it("compresses a kept page once: clients that accept gzip get it, others the plain bytes", async () => {
    const html = `<main>${"<p>Blox Fruits: Dragon, Leopard, Kitsune.</p>".repeat(100)}</main>`;
    const page = `${PUBLIC_URL}/shop/gzip-test`;
    await store.app.catalogueCache.serve(new Request(page), async () => new Response(html, { headers: { "content-type": "text/html" } }));
    const zipped = (await store.app.catalogueCache.peek("/shop/gzip-test", "gzip, deflate, br"))!;
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers["vary"]).toBe("accept-encoding");
    expect(zipped.headers["content-length"]).toBe(String(zipped.body.byteLength));
    const bytes = Buffer.from(zipped.body);
    expect(bytes.length).toBeLessThan(html.length / 5);
    expect(gunzipSync(bytes).toString("utf8")).toBe(html);
    const plain = (await store.app.catalogueCache.peek("/shop/gzip-test", undefined))!;
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Buffer.from(plain.body).toString("utf8")).toBe(html);
  });

  it("keeps nothing for paths outside the catalogue and content pages and the shells", async () => {
    for (const path of ["/checkout", "/login", "/admin", "/api/cart", "/api/auth/session", "/api/wishlist", "/api/auth/user"]) {
      let calls = 0;
      const request = new Request(`${PUBLIC_URL}${path}`);
      for (let i = 0; i < 2; i++) await store.app.catalogueCache.serve(request, async () => (calls++, new Response("personal")));
      expect(calls, path).toBe(2);
    }
  });

  it("keeps the dashboard's shell for signed-in shoppers only: a visitor without a session is rendered for, and never given the kept shell", async () => {
    const page = (query: string) => new Request(`${PUBLIC_URL}/dashboard?${query}`);
    const signedIn = async () => true;
    const signedOut = async () => false;
    let prompts = 0;
    for (let i = 0; i < 2; i++) await store.app.catalogueCache.serve(page("guest-first"), async () => (prompts++, new Response("login prompt")), signedOut);
    expect(prompts).toBe(2);
    // What a signed-out render answered was not kept: the first signed-in asker renders the shell.
    let shells = 0;
    const shell = async () => (shells++, new Response("<p>shell</p>", { headers: { "content-type": "text/html" } }));
    await store.app.catalogueCache.serve(page("guest-first"), shell, signedIn);
    const second = await store.app.catalogueCache.serve(page("guest-first"), shell, signedIn);
    expect(shells).toBe(1);
    expect(await second.text()).toBe("<p>shell</p>");
    // Kept, it still goes to signed-in askers alone, on the front's path (peek) as on this one.
    expect(await store.app.catalogueCache.peek("/dashboard?guest-first", undefined, signedIn)).toBeDefined();
    expect(await store.app.catalogueCache.peek("/dashboard?guest-first", undefined, signedOut)).toBeUndefined();
    expect(await store.app.catalogueCache.peek("/dashboard?guest-first", undefined)).toBeUndefined();
    expect(await (await store.app.catalogueCache.serve(page("guest-first"), async () => new Response("login prompt"), signedOut)).text()).toBe("login prompt");
  });

  it("keeps the cart's shell for everyone: it holds nothing of who asks (the island reads GET /api/cart)", async () => {
    let calls = 0;
    for (const cookie of [undefined, "better-auth.session_token=abc"]) {
      await store.app.catalogueCache.serve(
        new Request(`${PUBLIC_URL}/cart?shell-test`, { headers: cookie ? { cookie } : {} }),
        async () => (calls++, new Response("<html></html>", { headers: { "content-type": "text/html" } })),
      );
    }
    expect(calls).toBe(1);
  });

  it("keeps the content and static pages, whoever asks", async () => {
    for (const path of ["/faq", "/blog", "/blog/some-post", "/about", "/how-it-works", "/contact", "/privacy", "/terms", "/refunds"]) {
      let calls = 0;
      for (const cookie of [undefined, "better-auth.session_token=abc"]) {
        await store.app.catalogueCache.serve(
          new Request(`${PUBLIC_URL}${path}`, { headers: cookie ? { cookie } : {} }),
          async () => (calls++, new Response("<html></html>", { headers: { "content-type": "text/html" } })),
        );
      }
      expect(calls, path).toBe(1);
    }
  });
});

/** Records the tables a query names, in Kysely's tree and in raw SQL fragments (sub-selects in sql``). */
function tableRecorder(tables: Set<string>): KyselyPlugin {
  const nameOf = (node: unknown): string | null => {
    const n = node as { kind?: string; node?: unknown; table?: { identifier: { name: string } } };
    if (n?.kind === "AliasNode") return nameOf(n.node);
    return n?.kind === "TableNode" ? n.table!.identifier.name : null;
  };
  const visit = (node: unknown): void => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach(visit);
    const n = node as OperationNode & Record<string, unknown>;
    // Only what a query reads from: FROM and JOIN (a "p.id" column reference names an alias).
    const read = n.kind === "FromNode" ? (n["froms"] as unknown[]) : n.kind === "JoinNode" ? [n["table"]] : [];
    for (const from of read) {
      const name = nameOf(from);
      if (name) tables.add(name);
    }
    if (n.kind === "RawNode") {
      for (const fragment of n["sqlFragments"] as string[]) {
        for (const m of fragment.matchAll(/\bfrom\s+"?([a-z_A-Z]+)"?/g)) tables.add(m[1]!);
      }
    }
    for (const value of Object.values(n)) visit(value);
  };
  return {
    transformQuery: (args) => (visit(args.node), args.node),
    transformResult: async (args) => args.result,
  };
}
