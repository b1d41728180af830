import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compareRoutes, exportedMethods, patternOfFile, readFileRoutes } from "#scripts/file-routes.ts";
import { isCataloguePath } from "#server/catalogue-cache.ts";
import { createRouteMatcher, matchRoute } from "#server/route-matcher.ts";
import { endpointFiles, loadRouteModule } from "#server/route-modules.ts";
import { ROUTES, type RouteEntry } from "#server/routes.ts";

describe("the route manifest", () => {
  it("lists every file route under src/pages with the methods its file exports, and nothing else", () => {
    expect(compareRoutes(readFileRoutes(), ROUTES)).toEqual([]);
  });

  it.each([
    ["index.astro", "/"],
    ["blog/index.astro", "/blog"],
    ["blog/[slug].astro", "/blog/[slug]"],
    ["api/products/index.ts", "/api/products"],
    ["api/[...path].ts", "/api/[...path]"],
    ["icons/[size].png.ts", "/icons/[size].png"],
    ["robots.txt.ts", "/robots.txt"],
  ])("names the file %s's route as Astro does: %s", (file, pattern) => {
    expect(patternOfFile(file)).toBe(pattern);
  });

  it("reads the methods an endpoint exports, however it exports them", () => {
    expect(exportedMethods(`export const GET = route(x);\nexport const POST = route(y);`)).toEqual(["GET", "POST"]);
    expect(exportedMethods(`export async function DELETE() {}\nexport function PATCH() {}`)).toEqual(["DELETE", "PATCH"]);
    expect(exportedMethods(`export { POST } from "../server/page-view.ts";`)).toEqual(["POST"]);
    expect(exportedMethods(`const handler = () => 1;\nexport { handler as GET, handler as PUT, helper };`)).toEqual(["GET", "PUT"]);
    expect(exportedMethods(`export const prerender = false;\nexport type { GET } from "./x";\nexport const ALL = () => 1;`)).toEqual(["ALL"]);
  });
});

describe("comparing the files with the manifest", () => {
  const dir = mkdtempSync(join(tmpdir(), "routes-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, text = "") => {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  };
  write("index.astro");
  write("shop/[gameSlug].astro");
  write("api/cart/index.ts", "export const GET = a;\nexport const POST = b;");
  write("api/[...path].ts", "export const ALL = a;");
  write("_partial.astro");
  write("api/_helpers/thing.ts", "export const GET = a;");
  const manifest: RouteEntry[] = [
    { pattern: "/", kind: "page", methods: ["GET"], cacheable: true },
    { pattern: "/shop/[gameSlug]", kind: "page", methods: ["GET"] },
    { pattern: "/api/cart", kind: "endpoint", methods: ["POST", "GET"] },
    { pattern: "/api/[...path]", kind: "endpoint", methods: ["ALL"] },
  ];

  it("agrees when each file has its entry (files and folders starting with _ are not routes)", () => {
    expect(readFileRoutes(dir).map((r) => r.pattern)).toEqual(["/", "/api/[...path]", "/api/cart", "/shop/[gameSlug]"]);
    expect(compareRoutes(readFileRoutes(dir), manifest)).toEqual([]);
  });

  it("fails on a file route missing from the manifest", () => {
    const problems = compareRoutes(
      readFileRoutes(dir),
      manifest.filter((e) => e.pattern !== "/shop/[gameSlug]"),
    );
    expect(problems).toEqual(["/shop/[gameSlug]: src/pages/shop/[gameSlug].astro is not in the route manifest (src/server/routes.ts)"]);
  });

  it("fails on a manifest entry no file answers (a renamed route)", () => {
    const problems = compareRoutes(readFileRoutes(dir), [...manifest, { pattern: "/api/basket", kind: "endpoint", methods: ["GET"] }]);
    expect(problems).toEqual(["/api/basket: in the route manifest but no file under src/pages answers it"]);
  });

  it("fails when the methods or the kind differ", () => {
    const changed = manifest.map((e): RouteEntry =>
      e.pattern === "/api/cart" ? { ...e, methods: ["GET"] } : e.pattern === "/" ? { ...e, kind: "endpoint" } : e,
    );
    expect(compareRoutes(readFileRoutes(dir), changed)).toEqual([
      "/: the manifest says endpoint, src/pages/index.astro is a page",
      "/api/cart: the manifest lists GET, src/pages/api/cart/index.ts exports GET, POST",
    ]);
  });

  it("fails on entries that cannot hold: listed twice, cacheable without GET, a page on the front", () => {
    const problems = compareRoutes(readFileRoutes(dir), [
      ...manifest.map((e): RouteEntry => (e.pattern === "/shop/[gameSlug]" ? { ...e, front: "module" } : e)),
      { pattern: "/api/cart", kind: "endpoint", methods: ["POST"], cacheable: true },
    ]);
    expect(problems).toContain("/api/cart: listed twice in the route manifest");
    expect(problems).toContain("/api/cart: cacheable but has no GET");
    expect(problems).toContain("/shop/[gameSlug]: the front answers endpoints only, not pages");
  });
});

describe("matching a path to its route", () => {
  it.each([
    ["/", "/", {}],
    ["/shop/", "/shop", {}],
    ["/shop/doors", "/shop/[gameSlug]", { gameSlug: "doors" }],
    ["/product/abc/", "/product/[id]", { id: "abc" }],
    ["/api/products/search", "/api/products/search", {}],
    ["/api/products/p-1", "/api/products/[id]", { id: "p-1" }],
    ["/api/games/blox%20fruits", "/api/games/[slug]", { slug: "blox%20fruits" }],
    ["/api/auth/check", "/api/auth/check", {}],
    ["/api/auth/sign-in/email", "/api/auth/[...path]", { path: "sign-in/email" }],
    ["/api/no/such/thing", "/api/[...path]", { path: "no/such/thing" }],
    ["/api", "/api/[...path]", {}],
    ["/api/orders/o1/proofs/p.png", "/api/orders/[id]/proofs/[file]", { id: "o1", file: "p.png" }],
    ["/uploads/reviews/r.png", "/uploads/reviews/[file]", { file: "r.png" }],
    ["/uploads/logos/l.png", "/uploads/[...path]", { path: "logos/l.png" }],
    ["/icons/192.png", "/icons/[size].png", { size: "192" }],
    ["/paypal/order/o1/capture", "/paypal/order/[id]/capture", { id: "o1" }],
  ])("%s is %s", (path, pattern, params) => {
    expect(matchRoute(path)).toEqual({ route: expect.objectContaining({ pattern }), params });
  });

  it.each(["/nope", "/shop/doors/extra", "/icons/192.jpg", "/api/products/"].map((p) => [p]))("%s is no route's but the catch-all's, or none", (path) => {
    const found = matchRoute(path);
    expect(found === null || found.route.pattern === "/api/[...path]").toBe(true);
  });

  it("prefers a static segment over a parameter and a parameter over a rest, whatever the list's order", () => {
    const entries: RouteEntry[] = [
      { pattern: "/a/[...rest]", kind: "endpoint", methods: ["GET"] },
      { pattern: "/a/[id]", kind: "endpoint", methods: ["GET"] },
      { pattern: "/a/[id].png", kind: "endpoint", methods: ["GET"] },
      { pattern: "/a/b", kind: "endpoint", methods: ["GET"] },
    ];
    const matcher = createRouteMatcher(entries);
    expect(matcher.match("/a/b")?.route.pattern).toBe("/a/b");
    expect(matcher.match("/a/x.png")?.route.pattern).toBe("/a/[id].png");
    expect(matcher.match("/a/x")?.route.pattern).toBe("/a/[id]");
    expect(matcher.match("/a/x/y")?.route.pattern).toBe("/a/[...rest]");
  });
});

describe("what the manifest decides", () => {
  it.each([
    ["/", true],
    ["/shop", true],
    ["/shop/", true],
    ["/shop/doors", true],
    ["/product/abc", true],
    ["/faq/", true],
    ["/blog", true],
    ["/blog/a-post", true],
    ["/about", true],
    ["/refunds/", true],
    ["/api/games", true],
    ["/api/games/doors", true],
    ["/api/products", true],
    ["/api/products/search", true],
    ["/api/categories", true],
    ["/api/products/", false],
    ["/api/categories/", false],
    ["/api/faqs", false],
    ["/cart", true],
    // Kept for signed-in shoppers only (the cache asks whether the asker is): not a catalogue path.
    ["/dashboard", false],
    ["/login", false],
    ["/api/cart", false],
    ["/shop/doors/extra", false],
  ])("the page cache keeps %s: %s", (path, kept) => {
    expect(isCataloguePath(path)).toBe(kept);
  });

  it("gives the fast front the catalogue API, the health check, the two trackers, the session and cart of every signed-in page view, the account the dashboard's shell reads, and the live channel (its streams are written on node's own response)", () => {
    const front = ROUTES.filter((route: RouteEntry) => route.front).map((route) => route.pattern);
    expect(front.sort()).toEqual(
      [
        "/api/categories",
        "/api/games",
        "/api/games/[slug]",
        "/api/health",
        "/api/products",
        "/api/products/[id]",
        "/api/products/search",
        "/api/tracking/cart-activity",
        "/api/tracking/page-view",
        "/api/auth/session",
        "/api/cart",
        "/api/auth/user",
        "/api/events",
      ].sort(),
    );
  });

  it("finds each front route's module from its manifest entry, with a handler for every method the entry lists", async () => {
    expect(endpointFiles("/api/games")).toEqual(["api/games.ts", "api/games/index.ts"]);
    expect(endpointFiles("/api/games/[slug]")).toEqual(["api/games/[slug].ts", "api/games/[slug]/index.ts"]);
    for (const route of ROUTES.filter((entry: RouteEntry) => entry.front)) {
      const module = await loadRouteModule(route);
      for (const method of route.methods) expect(typeof module[method], `${method} ${route.pattern}`).toBe("function");
    }
  });

  it("refuses to load a route the manifest names but no file answers, and a page", async () => {
    await expect(loadRouteModule({ pattern: "/api/no-such-route", kind: "endpoint" })).rejects.toThrow("no file under src/pages answers it");
    await expect(loadRouteModule({ pattern: "/cart", kind: "page" })).rejects.toThrow("a page has no route module");
  });
});
