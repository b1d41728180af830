import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, get, type IncomingHttpHeaders, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as productById from "#src/pages/api/admin/products/[id].ts";
import * as gameBySlug from "#src/pages/api/games/[slug].ts";
import * as topPages from "#src/pages/api/analytics/top-pages.ts";
import * as products from "#src/pages/api/products/index.ts";
import { serveClientAssets } from "#server/client-assets.ts";
import { createFront } from "#server/front.ts";
import { signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp } from "./helpers/test-app.ts";

// The front is the server's request listener (scripts/serve.ts): these tests run it on a real
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
    expect(await bad.json()).toEqual({ error: expect.any(String), fields: { featured: expect.any(String) } });
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
    const newVisitor = async () =>
      (await fetch(`${base}/api/health`)).headers
        .getSetCookie()
        .find((c) => c.startsWith("shop_visitor="))!
        .split(";")[0]!;
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

  it("on node's own path too, a page view carries the visitor id only with analytics consent (issue 20)", async () => {
    const visitor = (await fetch(`${base}/api/health`)).headers
      .getSetCookie()
      .find((c) => c.startsWith("shop_visitor="))!
      .split(";")[0]!;
    const visitorId = decodeURIComponent(visitor.slice("shop_visitor=".length)).split(".")[0];
    for (const [page, cookie] of [
      ["/node-declined", `${visitor}; shop_analytics=denied`],
      ["/node-granted", `${visitor}; shop_analytics=granted`],
    ] as const) {
      const res = await fetch(`${base}/api/tracking/page-view`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ page, pageTitle: page, referrer: null }),
      });
      expect(res.status).toBe(204);
    }
    const views = await store.app.db.selectFrom("events").select(["visitorId", "payload"]).where("type", "=", "PageViewed").execute();
    const visitorOf = (page: string) => views.find((v) => JSON.parse(v.payload).page === page)?.visitorId;
    expect([visitorOf("/node-declined"), visitorOf("/node-granted")]).toEqual([null, visitorId]);
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

    // A signed-in shopper gets the same kept page: it names nobody (the header fills itself in).
    const signedIn = await fetch(page, { headers: { cookie: "better-auth.session_token=x" } });
    expect(await signedIn.text()).toBe("<p>cached doors</p>");
    expect(signedIn.headers.get("x-cache")).toBe("hit");
    expect(signedIn.headers.get("cache-control")).toBeNull();
    for (const path of ["/checkout", "/_astro/app.js", "/shop/blox-fruits"])
      expect(await (await fetch(`${base}${path}`)).text()).toBe("<p>rendered by astro</p>");
    expect(reachedAstro.slice(before)).toEqual(["GET /checkout", "GET /_astro/app.js", "GET /shop/blox-fruits"]);

    await store.app.db.updateTable("games").set({ description: "Changed." }).where("id", "=", doors).execute();
    expect(await (await fetch(page)).text()).toBe("<p>rendered by astro</p>");
  });

  it("serves the dashboard's kept shell to a signed-in shopper only: a visitor without a session, or with an ended one, goes to Astro (the login prompt)", async () => {
    const shopper = await signIn(store, `shell-${Date.now()}@shop.test`);
    const cookie = [...shopper.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const page = `${base}/dashboard`;
    await store.app.catalogueCache.serve(
      new Request(page),
      async () => new Response("<p>dashboard shell</p>", { headers: { "content-type": "text/html" } }),
      async () => true,
    );
    const before = astroCalls();
    const signedIn = await fetch(page, { headers: { cookie } });
    expect(await signedIn.text()).toBe("<p>dashboard shell</p>");
    expect(signedIn.headers.get("x-cache")).toBe("hit");
    // The shell holds nothing of the shopper, but it is a personal page all the same.
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(astroCalls()).toBe(before);

    expect(await (await fetch(page)).text()).toBe("<p>rendered by astro</p>");
    expect(await (await fetch(page, { headers: { cookie: "better-auth.session_token=not-a-session" } })).text()).toBe("<p>rendered by astro</p>");
    expect(reachedAstro.slice(before)).toEqual(["GET /dashboard", "GET /dashboard"]);
  });

  it("writes a kept page straight from node: gzipped when asked, the visitor's cookie kept, a ?ref= visit left to the pipeline", async () => {
    const page = `${base}/faq`;
    const html = `<main>${"<p>How fast is delivery? About 20 minutes.</p>".repeat(80)}</main>`;
    await store.app.catalogueCache.serve(
      new Request(page),
      async () => new Response(html, { headers: { "content-type": "text/html", "content-security-policy": "default-src 'self'" } }),
    );
    const before = astroCalls();
    const visitor = await fetch(page);
    const cookie = visitor.headers
      .getSetCookie()
      .find((c) => c.startsWith("shop_visitor="))!
      .split(";")[0]!;
    // fetch asks for gzip and decodes it.
    expect(visitor.headers.get("content-encoding")).toBe("gzip");
    expect(await visitor.text()).toBe(html);
    expect(visitor.headers.get("content-security-policy")).toBe("default-src 'self'");
    expect(visitor.headers.get("x-content-type-options")).toBe("nosniff");
    const returning = await fetch(page, { headers: { cookie } });
    expect(returning.headers.getSetCookie()).toEqual([]);
    expect(returning.headers.get("x-cache")).toBe("hit");
    expect(astroCalls()).toBe(before);

    // Astro's middleware (the request pipeline) sets the referral cookie of a ?ref= visit.
    await fetch(`${page}?ref=ABCD2345`);
    expect(reachedAstro.at(-1)).toBe("GET /faq?ref=ABCD2345");
  });
});

describe("the front with the build's client files", () => {
  // A client directory as the build leaves it: a hashed script with the .br and .gz copies
  // astro-compressor writes, and a style the build did not compress.
  const clientDir = mkdtempSync(join(tmpdir(), "front-assets-"));
  mkdirSync(join(clientDir, "_astro"));
  const script = "export const island = () => 'hydrated';\n".repeat(50);
  writeFileSync(join(clientDir, "_astro/island.Ab12Cd.js"), script);
  writeFileSync(join(clientDir, "_astro/island.Ab12Cd.js.br"), brotliCompressSync(script));
  writeFileSync(join(clientDir, "_astro/island.Ab12Cd.js.gz"), gzipSync(script));
  writeFileSync(join(clientDir, "_astro/plain.Ef34Gh.css"), "body { color: black; }");
  // A file copied from public/: not hashed, so revalidated rather than kept for a year.
  writeFileSync(join(clientDir, "favicon.svg"), "<svg></svg>");
  const toAstro: string[] = [];
  let assetsServer: Server;
  let assetsBase = "";

  beforeAll(async () => {
    assetsServer = createServer(
      createFront(
        store.app,
        (req, res) => {
          toAstro.push(`${req.method} ${req.url}`);
          res.writeHead(404, { "content-type": "text/html" }).end("<p>astro: not found</p>");
        },
        { assets: serveClientAssets(clientDir) },
      ),
    );
    await new Promise<void>((done) => assetsServer.listen(0, "127.0.0.1", done));
    assetsBase = `http://127.0.0.1:${(assetsServer.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((done) => assetsServer.close(() => done()));
    rmSync(clientDir, { recursive: true, force: true });
  });

  /** The raw answer (fetch would decode it), asking for `acceptEncoding`. */
  const getRaw = (path: string, acceptEncoding?: string) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      get(`${assetsBase}${path}`, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      }).on("error", reject);
    });

  it("sends a script in the best encoding the browser accepts, cacheable for a year", async () => {
    const br = await getRaw("/_astro/island.Ab12Cd.js", "gzip, deflate, br");
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 5);
    expect(br.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(br.headers["cache-control"]).toBe("public,max-age=31536000,immutable");
    expect(br.headers["vary"]).toBe("Accept-Encoding");
    expect(br.headers["x-content-type-options"]).toBe("nosniff");

    const gzip = await getRaw("/_astro/island.Ab12Cd.js", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(script);

    const plain = await getRaw("/_astro/island.Ab12Cd.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it("sends a file without compressed copies as it is, and leaves unknown paths and pages to Astro", async () => {
    const css = await getRaw("/_astro/plain.Ef34Gh.css", "br, gzip");
    expect([css.status, css.headers["content-encoding"], css.body.toString()]).toEqual([200, undefined, "body { color: black; }"]);
    const missing = await getRaw("/_astro/gone.Zz99.js", "br");
    expect([missing.status, missing.body.toString()]).toEqual([404, "<p>astro: not found</p>"]);
    await getRaw("/cart", "br");
    expect(toAstro).toEqual(["GET /_astro/gone.Zz99.js", "GET /cart"]);
  });

  it("sends the public files itself (Astro's handler serves no files) and answers a URL it cannot decode with 400", async () => {
    const icon = await getRaw("/favicon.svg");
    expect([icon.status, icon.headers["content-type"], icon.headers["cache-control"], icon.body.toString()]).toEqual([
      200,
      "image/svg+xml",
      "public, max-age=0",
      "<svg></svg>",
    ]);
    expect(icon.headers["etag"]).toBeTruthy();
    const before = toAstro.length;
    const malformed = await getRaw("/shop/%E0%A4%A");
    expect([malformed.status, malformed.body.toString()]).toEqual([400, "Bad request."]);
    expect(toAstro.length).toBe(before);
  });
});
