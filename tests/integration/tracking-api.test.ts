import { describe, expect, it } from "vitest";
import { openDatabase, type Db } from "#adapters/db/database.ts";
import {
  countTrackingHits,
  createTrackingRateLimiter,
  sweepTrackingWindowsIfDue,
  trackingWindowOf,
} from "#adapters/repositories/tracking-rate-limiter.repository.ts";
import * as loginUser from "#src/pages/api/auth/login-user.ts";
import * as register from "#src/pages/api/auth/register.ts";
import * as cartActivity from "#src/pages/api/tracking/cart-activity.ts";
import * as pageView from "#src/pages/api/tracking/page-view.ts";
import { createTestApp } from "./helpers/test-app.ts";
import { browsingGuest, visitorIdOf } from "./helpers/visitors.ts";

let now = new Date("2026-11-21T10:00:00.000Z");
const store = await createTestApp({ clock: { now: () => now }, env: { TRACKING_LIMIT_PER_MINUTE: "3" } });
const { app } = store;
const PASSWORD = "correct horse battery";
const product = await app.db.selectFrom("products").select(["id", "name", "priceCents"]).orderBy("id").executeTakeFirstOrThrow();

const eventsOfType = (type: string) => app.db.selectFrom("events").selectAll().where("type", "=", type).orderBy("id").execute();
const browser = () => browsingGuest(store);

describe("POST /api/tracking/page-view", () => {
  it("answers 204 with no body and appends PageViewed for the visitor cookie, at the clock's time", async () => {
    const b = store.client();
    const first = await b.call(pageView.POST, "/api/tracking/page-view", { body: { page: "/shop", pageTitle: "Shop", referrer: "https://www.google.com/" } });
    expect(first.status).toBe(204);
    expect(first.body).toBeUndefined();
    const visitorId = visitorIdOf(b);
    await b.call(pageView.POST, "/api/tracking/page-view", { body: { page: "/shop/doors", pageTitle: "Doors", referrer: null } });
    const rows = (await eventsOfType("PageViewed")).filter((e) => e.visitorId === visitorId);
    expect(rows.map((r) => [r.occurredAt, r.userId, JSON.parse(r.payload)])).toEqual([
      ["2026-11-21T10:00:00.000Z", null, { page: "/shop", pageTitle: "Shop", referrer: "https://www.google.com/" }],
      ["2026-11-21T10:00:00.000Z", null, { page: "/shop/doors", pageTitle: "Doors", referrer: null }],
    ]);
  });

  it("records the user when signed in", async () => {
    const b = store.client();
    await b.call(register.POST, "/api/auth/register", { body: { birthDate: "1990-01-01", acceptTerms: true, email: "viewer@shop.test", password: PASSWORD } });
    const login = await b.call(loginUser.POST, "/api/auth/login-user", { body: { email: "viewer@shop.test", password: PASSWORD } });
    expect((await b.call(pageView.POST, "/api/tracking/page-view", { body: { page: "/dashboard", pageTitle: "Dashboard", referrer: null } })).status).toBe(204);
    const last = (await eventsOfType("PageViewed")).at(-1)!;
    expect([last.visitorId, last.userId]).toEqual([visitorIdOf(b), login.body.user.id]);
  });

  it("counts the views of a visitor who declined analytics (or never answered) without a visitor or user id (issue 20)", async () => {
    for (const choice of ["denied", null]) {
      const b = store.client({ analyticsConsent: false });
      if (choice) b.jar.set("shop_analytics", choice);
      await b.call(register.POST, "/api/auth/register", {
        body: { birthDate: "1990-01-01", acceptTerms: true, email: `private-${choice}@shop.test`, password: PASSWORD },
      });
      expect((await b.call(loginUser.POST, "/api/auth/login-user", { body: { email: `private-${choice}@shop.test`, password: PASSWORD } })).status).toBe(200);
      expect((await b.call(pageView.POST, "/api/tracking/page-view", { body: { page: "/private", pageTitle: "Private", referrer: null } })).status).toBe(204);
      const last = (await eventsOfType("PageViewed")).at(-1)!;
      expect([JSON.parse(last.payload).page, last.visitorId, last.userId]).toEqual(["/private", null, null]);
      // The visitor cookie itself stays: the guest's cart, wishlist and chat need it.
      expect(visitorIdOf(b)).toBeTruthy();
    }
  });

  it("cuts over-long text to its cap instead of losing the page view; empty referrer is null", async () => {
    const b = store.client();
    const res = await b.call(pageView.POST, "/api/tracking/page-view", {
      body: { page: `/${"p".repeat(600)}`, pageTitle: "t".repeat(400), referrer: `https://x.example/${"r".repeat(3000)}` },
    });
    expect(res.status).toBe(204);
    const payload = JSON.parse((await eventsOfType("PageViewed")).at(-1)!.payload);
    expect([payload.page.length, payload.pageTitle.length, payload.referrer.length]).toEqual([512, 300, 2048]);
    await b.call(pageView.POST, "/api/tracking/page-view", { body: { page: "/", referrer: "" } });
    expect(JSON.parse((await eventsOfType("PageViewed")).at(-1)!.payload)).toEqual({ page: "/", pageTitle: "", referrer: null });
  });

  it("refuses bad input with 400 naming the field, a huge body with 413, and stores nothing", async () => {
    const before = (await eventsOfType("PageViewed")).length;
    const b = await browser();
    // The answer names the field in `fields` and says it in words (no raw key first).
    const cases: Array<[unknown, string, RegExp]> = [
      [{ pageTitle: "x" }, "page", /^Page: /],
      [{ page: "https://evil.example/" }, "page", /must be a path starting with \//],
      [{ page: "/", pageTitle: 42 }, "pageTitle", /^(?!pageTitle)/],
      [{ page: "/", referrer: { a: 1 } }, "referrer", /^(?!referrer)/],
    ];
    for (const [body, field, message] of cases) {
      const res = await b.call(pageView.POST, "/api/tracking/page-view", { body });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fields ?? {}), JSON.stringify(res.body)).toContain(field);
      expect(res.body.error).toMatch(message);
    }
    expect((await b.call(pageView.POST, "/api/tracking/page-view", { rawBody: "{nope" })).status).toBe(400);
    expect((await b.call(pageView.POST, "/api/tracking/page-view", { rawBody: JSON.stringify({ page: "/", pageTitle: "x".repeat(9000) }) })).status).toBe(413);
    expect((await eventsOfType("PageViewed")).length).toBe(before);
  });

  it("refuses a cross-site post with 403", async () => {
    const res = await store.call(pageView.POST, "/api/tracking/page-view", { body: { page: "/" }, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
  });

  it("rate-limits per visitor per minute (429), not other visitors, and lets them go on next minute", async () => {
    now = new Date("2026-11-21T11:00:00.000Z");
    const b = await browser();
    const view = { page: "/", pageTitle: "Home", referrer: null };
    expect((await b.call(pageView.POST, "/api/tracking/page-view", { body: view })).status).toBe(204);
    expect((await b.call(pageView.POST, "/api/tracking/page-view", { body: view })).status).toBe(204);
    expect((await b.call(pageView.POST, "/api/tracking/page-view", { body: view })).status).toBe(204);
    const limited = await b.call(pageView.POST, "/api/tracking/page-view", { body: view });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: "Too many tracking requests. Please slow down." });
    expect((await eventsOfType("PageViewed")).filter((e) => e.visitorId === visitorIdOf(b))).toHaveLength(3);
    // Another visitor from the same address is not affected.
    expect((await (await browser()).call(pageView.POST, "/api/tracking/page-view", { body: view })).status).toBe(204);
    now = new Date("2026-11-21T11:01:00.000Z");
    expect((await b.call(pageView.POST, "/api/tracking/page-view", { body: view })).status).toBe(204);
  });

  it("limits clients that send no visitor cookie by their address, so dropping the cookie buys nothing", async () => {
    now = new Date("2026-11-21T12:00:00.000Z");
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await store.call(pageView.POST, "/api/tracking/page-view", { body: { page: "/" }, ip: "198.51.100.7" })).status);
    expect(statuses).toEqual([204, 204, 204, 429]);
    expect((await store.call(pageView.POST, "/api/tracking/page-view", { body: { page: "/" }, ip: "198.51.100.8" })).status).toBe(204);
  });
});

describe("POST /api/tracking/cart-activity", () => {
  it("answers 204 and appends CartItemAdded with the catalogue's name and price, marked as the tracker's report", async () => {
    now = new Date("2026-11-21T13:00:00.000Z");
    const b = await browser();
    const res = await b.call(cartActivity.POST, "/api/tracking/cart-activity", {
      body: { productId: product.id, productName: "Free Robux!!!", quantity: 2, price: "0.01" },
    });
    expect(res.status).toBe(204);
    const last = (await eventsOfType("CartItemAdded")).at(-1)!;
    expect([last.visitorId, last.userId, last.occurredAt]).toEqual([visitorIdOf(b), null, "2026-11-21T13:00:00.000Z"]);
    expect(JSON.parse(last.payload)).toEqual({ productId: product.id, productName: product.name, quantity: 2, price: product.priceCents, source: "tracker" });
  });

  it("accepts the price as a number too", async () => {
    const b = await browser();
    expect(
      (
        await b.call(cartActivity.POST, "/api/tracking/cart-activity", {
          body: { productId: product.id, productName: product.name, quantity: 1, price: 12.99 },
        })
      ).status,
    ).toBe(204);
  });

  it("refuses an unknown product (404) and bad input (400), storing nothing", async () => {
    const before = (await eventsOfType("CartItemAdded")).length;
    const b = await browser();
    const unknown = await b.call(cartActivity.POST, "/api/tracking/cart-activity", {
      body: { productId: "no-such-product", productName: "x", quantity: 1, price: "1.00" },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "Product not found" });
    const bad: Array<[unknown, string]> = [
      [{ productName: "x", quantity: 1 }, "productId"],
      [{ productId: product.id, quantity: 0 }, "quantity"],
      [{ productId: product.id, quantity: 1.5 }, "quantity"],
      [{ productId: product.id, quantity: 1001 }, "quantity"],
      [{ productId: product.id, quantity: "2" }, "quantity"],
      [{ productId: product.id, quantity: 1, price: "12.999" }, "price"],
      [{ productId: product.id, quantity: 1, price: -1 }, "price"],
    ];
    // Each answer names its field in `fields`, and its message does not start with the raw key.
    for (const [body, field] of bad) {
      const res = await b.call(cartActivity.POST, "/api/tracking/cart-activity", { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.fields ?? {}), JSON.stringify(res.body)).toContain(field);
      expect(res.body.error.startsWith(`${field}:`)).toBe(false);
    }
    expect((await eventsOfType("CartItemAdded")).length).toBe(before);
  });

  it("is rate-limited per visitor separately from page views", async () => {
    now = new Date("2026-11-21T14:00:00.000Z");
    const b = await browser();
    const add = () => b.call(cartActivity.POST, "/api/tracking/cart-activity", { body: { productId: product.id, quantity: 1 } });
    expect([(await add()).status, (await add()).status, (await add()).status, (await add()).status]).toEqual([204, 204, 204, 429]);
  });
});

describe("the tracking rate limiter", () => {
  it("counts in the database, so two processes on one database share the limit", async () => {
    const other = openDatabase(store.config.databaseUrl); // a second pool or connection, like another process
    try {
      let at = new Date("2026-11-21T15:00:30.000Z");
      const clock = { now: () => at };
      // Each hit in its own transaction, as the tracking unit of work counts them.
      const hitOn = (db: Db) => db.transaction().execute((trx) => createTrackingRateLimiter(trx, clock).hit("shared", 3, 60_000));
      const secondsLeftOn = (db: Db) => db.transaction().execute(async (trx) => createTrackingRateLimiter(trx, clock).secondsLeft(60_000));
      expect(await hitOn(app.db)).toBe(true);
      expect(await hitOn(other)).toBe(true);
      expect(await hitOn(app.db)).toBe(true);
      expect(await hitOn(other)).toBe(false);
      expect(await secondsLeftOn(other)).toBe(30);
      // A new minute is a new window.
      at = new Date("2026-11-21T15:01:00.000Z");
      expect(await hitOn(other)).toBe(true);
    } finally {
      await other.destroy();
    }
  });

  it("sweeps the counters of past minutes once enough hits were counted, keeping the current ones", async () => {
    const old = trackingWindowOf(new Date("2026-11-21T16:00:00.000Z"));
    const current = new Date("2026-11-21T16:05:10.000Z");
    const staleKeys = Array.from({ length: 1000 }, (_, i) => `sweep:old:${i}`);
    const count = (keys: string[], windowStart: string) => app.db.transaction().execute((trx) => countTrackingHits(trx, keys, windowStart));
    expect((await count(staleKeys, old)).get("sweep:old:7")).toBe(1);
    await count(["sweep:current", "sweep:current"], trackingWindowOf(current));
    const deleted = await sweepTrackingWindowsIfDue(app.db, current);
    expect(deleted).toBeGreaterThanOrEqual(1000);
    const left = await app.db.selectFrom("tracking_rate_limits").select(["key", "count"]).where("key", "like", "sweep:%").execute();
    expect(left).toEqual([{ key: "sweep:current", count: 2 }]);
    // Not due again until another thousand hits are counted.
    expect(await sweepTrackingWindowsIfDue(app.db, current)).toBeNull();
  });
});
