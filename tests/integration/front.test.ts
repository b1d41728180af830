import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as productById from "../../src/pages/api/admin/products/[id].ts";
import * as gameBySlug from "../../src/pages/api/games/[slug].ts";
import * as topPages from "../../src/pages/api/analytics/top-pages.ts";
import * as products from "../../src/pages/api/products/index.ts";
import { createFront } from "../../src/server/front.ts";
import { signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp } from "./helpers/test-app.ts";

// The front is the server's request listener (scripts/start.ts): these tests run it on a real
// port, with a stand-in for Astro's handler that records what reached it.
const LIMIT = 3;
const store = await createTestApp({ env: { TRACKING_LIMIT_PER_MINUTE: String(LIMIT) } });
const admin = await signInAdmin(store);
const doors = (await store.call(gameBySlug.GET, "/x", { params: { slug: "doors" } })).body.id as string;
const reachedAstro: string[] = [];
let server: Server;
let base = "";

beforeAll(async () => {
  server = createServer(
    createFront(store.app, (req, res) => {
      reachedAstro.push(`${req.method} ${req.url}`);
      res.writeHead(200, { "content-type": "text/html" }).end("<p>rendered by astro</p>");
    }),
  );
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const astroCalls = () => reachedAstro.length;

describe("the front", () => {
  it("answers GET /api/products itself, exactly as the route does, through the request pipeline", async () => {
    const before = astroCalls();
    const res = await fetch(`${base}/api/products?gameId=${encodeURIComponent(doors)}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual((await store.call(products.GET, "/api/products", { query: { gameId: doors } })).body);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("shop_visitor="))).toBe(true);
    expect(astroCalls()).toBe(before);
  });

  it("keeps the error contract: a bad query is 400, an unknown game 404, as JSON", async () => {
    const bad = await fetch(`${base}/api/products?featured=maybe`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: expect.any(String) });
    const missing = await fetch(`${base}/api/games/no-such-game`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: expect.any(String) });
  });

  it("serves a new price on the very next request after an admin saves it", async () => {
    const list = async () => (await (await fetch(`${base}/api/products?gameId=${encodeURIComponent(doors)}`)).json()) as { id: string; price: string }[];
    const [first] = await list();
    await list(); // now cached
    const saved = await admin.call(productById.PATCH, `/api/admin/products/${first!.id}`, { params: { id: first!.id }, body: { price: "2.34" } });
    expect(saved.status).toBe(200);
    expect((await list()).find((p) => p.id === first!.id)!.price).toBe("2.34");
  });

  it("records a page view posted to the tracker (204) and refuses one posted from another site (403)", async () => {
    const page = `/shop/front-test-${Date.now()}`;
    const res = await fetch(`${base}/api/tracking/page-view`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ page, pageTitle: "Front test", referrer: null }),
    });
    expect(res.status).toBe(204);
    const top = await admin.call(topPages.GET, "/api/analytics/top-pages");
    expect(top.body).toContainEqual({ page, count: 1 });

    const crossSite = await fetch(`${base}/api/tracking/page-view`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ page, pageTitle: "Front test", referrer: null }),
    });
    expect(crossSite.status).toBe(403);
    const malformed = await fetch(`${base}/api/tracking/page-view`, { method: "POST", headers: { "content-type": "application/json" }, body: "{nope" });
    expect(malformed.status).toBe(400);
  });

  it("answers page views on node's own request: the limit per visitor (429), too large (413), and sessions on the general path", async () => {
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${base}/api/tracking/page-view`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
    const view = JSON.stringify({ page: "/shop/limit-test", pageTitle: "Limit test", referrer: null });
    const newVisitor = async () => (await fetch(`${base}/api/health`)).headers.getSetCookie().find((c) => c.startsWith("shop_visitor="))!.split(";")[0]!;
    const visitor = await newVisitor();
    const first = await post(view, { cookie: visitor });
    expect(first.status).toBe(204);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    for (let i = 1; i < LIMIT; i++) expect((await post(view, { cookie: visitor })).status).toBe(204);
    const limited = await post(view, { cookie: visitor });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: expect.any(String) });
    expect(limited.headers.getSetCookie()).toEqual([]); // a known visitor keeps their cookie

    const huge = await post(JSON.stringify({ page: "/x", pageTitle: "x".repeat(20_000), referrer: null }));
    expect(huge.status).toBe(413);
    expect((await post(JSON.stringify({ pageTitle: "no page" }))).status).toBe(400);

    // A session cookie (here one better-auth does not know) takes the route module's path.
    expect((await post(view, { cookie: `${await newVisitor()}; better-auth.session_token=unknown` })).status).toBe(204);
    const top = await admin.call(topPages.GET, "/api/analytics/top-pages");
    expect(top.body).toContainEqual({ page: "/shop/limit-test", count: LIMIT + 1 });
  });

  it("answers a catalogue page from the cache while it is valid, and leaves the rest to Astro", async () => {
    const page = `${base}/shop/doors`;
    // Astro's middleware fills the cache when it renders a page; this does the same.
    await store.app.catalogueCache.serve(new Request(page), async () => new Response("<p>cached doors</p>", { headers: { "content-type": "text/html" } }));
    const before = astroCalls();
    const cached = await fetch(page);
    expect(await cached.text()).toBe("<p>cached doors</p>");
    expect(cached.headers.getSetCookie().some((c) => c.startsWith("shop_visitor="))).toBe(true);
    expect(cached.headers.get("x-frame-options")).toBe("DENY");
    expect(astroCalls()).toBe(before);

    const signedIn = await fetch(page, { headers: { cookie: "better-auth.session_token=x" } });
    expect(await signedIn.text()).toBe("<p>rendered by astro</p>");
    for (const path of ["/cart", "/_astro/app.js", "/shop/blox-fruits"]) expect(await (await fetch(`${base}${path}`)).text()).toBe("<p>rendered by astro</p>");
    expect(reachedAstro.slice(before)).toEqual(["GET /shop/doors", "GET /cart", "GET /_astro/app.js", "GET /shop/blox-fruits"]);

    await store.app.db.updateTable("games").set({ description: "Changed." }).where("id", "=", doors).execute();
    expect(await (await fetch(page)).text()).toBe("<p>rendered by astro</p>");
  });
});
