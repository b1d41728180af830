import { describe, expect, it } from "vitest";
import { createEventLog } from "#adapters/repositories/event-log.repository.ts";
import type { NewEvent } from "#domain/analytics/events.ts";
import * as summary from "#src/pages/api/admin/analytics.ts";
import * as liveVisitors from "#src/pages/api/analytics/live-visitors.ts";
import * as newCustomers from "#src/pages/api/analytics/new-customers.ts";
import * as pageVisits from "#src/pages/api/analytics/page-visits.ts";
import * as topPages from "#src/pages/api/analytics/top-pages.ts";
import * as adminLogin from "#src/pages/api/auth/login.ts";
import * as loginUser from "#src/pages/api/auth/login-user.ts";
import * as register from "#src/pages/api/auth/register.ts";
import * as cartActivity from "#src/pages/api/tracking/cart-activity.ts";
import * as pageView from "#src/pages/api/tracking/page-view.ts";
import type { App } from "#server/app.ts";
import type { RouteHandler } from "#server/http.ts";
import { createTestApp } from "./helpers/test-app.ts";
import { browsingGuest, visitorIdOf, type Browser } from "./helpers/visitors.ts";
import { NO_RISK } from "./helpers/risk-figures.ts";

const PASSWORD = "correct horse battery";
const ADMIN = { email: "boss@shop.test", password: "admin-password-1" };

let now = new Date("2026-11-20T23:50:00.000Z");
const clock = { now: () => now };
const at = (iso: string) => (now = new Date(iso));
const store = await createTestApp({ clock });
const { app } = store;
await store.ensureAdmin(ADMIN.email, ADMIN.password);
const admin = store.client();
expect((await admin.call(adminLogin.POST, "/api/auth/login", { body: ADMIN })).status).toBe(200);

const [fruit, robux] = await app.db.selectFrom("products").select(["id", "name", "priceCents"]).orderBy("priceCents", "desc").limit(2).execute();
const ENDPOINTS: Array<[string, RouteHandler]> = [
  ["/api/admin/analytics", summary.GET],
  ["/api/analytics/live-visitors", liveVisitors.GET],
  ["/api/analytics/top-pages", topPages.GET],
  ["/api/analytics/page-visits", pageVisits.GET],
  ["/api/analytics/new-customers", newCustomers.GET],
];

const browser = () => browsingGuest(store);
async function view(b: Browser, page: string, pageTitle: string, referrer: string | null = null) {
  expect((await b.call(pageView.POST, "/api/tracking/page-view", { body: { page, pageTitle, referrer } })).status).toBe(204);
}
async function addToCart(b: Browser, product: { id: string; name: string }, quantity: number) {
  const res = await b.call(cartActivity.POST, "/api/tracking/cart-activity", {
    body: { productId: product.id, productName: product.name, quantity, price: "1.00" },
  });
  expect(res.status).toBe(204);
}
/** Orders, support and reviews come from other modules: their events are appended as they will be. */
async function append(target: App, event: Omit<NewEvent, "occurredAt">) {
  await target.db.transaction().execute((trx) => createEventLog(trx, target.eventListeners).append({ ...event, occurredAt: clock.now() } as NewEvent));
}
const get = async (path: string, handler: RouteHandler, query?: Record<string, string>) => {
  const res = await admin.call(handler, path, query ? { query } : {});
  expect(res.status).toBe(200);
  return res.body;
};
const money = (cents: number) => (cents / 100).toFixed(2);

describe("analytics endpoints are for administrators only", () => {
  it("answer 401 to guests and 403 to shoppers, on every endpoint", async () => {
    const shopper = store.client();
    await shopper.call(register.POST, "/api/auth/register", {
      body: { birthDate: "1990-01-01", acceptTerms: true, email: "nosy@shop.test", password: PASSWORD },
    });
    expect((await shopper.call(loginUser.POST, "/api/auth/login-user", { body: { email: "nosy@shop.test", password: PASSWORD } })).status).toBe(200);
    for (const [path, handler] of ENDPOINTS) {
      const guest = await store.call(handler, path);
      expect(guest.status, path).toBe(401);
      expect(guest.body).toEqual({ error: "Please log in to continue" });
      const refused = await shopper.call(handler, path);
      expect(refused.status, path).toBe(403);
      expect(refused.body).toEqual({ error: "Only administrators can do this" });
    }
  });
});

// The delivery performance figures (issue 21), with no order delivered or late.
const NO_DELIVERIES = {
  medianDeliveryMinutes: null,
  deliveredWithinSlaRate: null,
  lateOrders: 0,
  todayMedianDeliveryMinutes: null,
  todayDeliveredWithinSlaRate: null,
  todayLateOrders: 0,
  deliveryByDay: {},
};

describe("analytics figures", () => {
  let a: Browser;
  let b: Browser;
  let c: Browser;
  let aliceId: string;

  it("start empty (apart from the shopper above), with money as decimal strings", async () => {
    at("2026-11-20T23:50:00.000Z");
    expect(await get("/api/admin/analytics", summary.GET)).toEqual({
      totalOrders: 0,
      todayOrders: 0,
      totalRevenue: "0.00",
      todayRevenue: "0.00",
      totalUsers: 1,
      todayNewUsers: 1,
      activeSupportConversations: 0,
      totalPageVisits: 0,
      todayPageVisits: 0,
      totalUniqueVisitors: 0,
      todayUniqueVisitors: 0,
      pendingReviews: 0,
      totalRefunded: "0.00",
      ordersByDay: {},
      revenueByDay: {},
      ...NO_DELIVERIES,
      ...NO_RISK,
    });
    expect(await get("/api/analytics/live-visitors", liveVisitors.GET)).toEqual([]);
    expect(await get("/api/analytics/top-pages", topPages.GET)).toEqual([]);
    expect(await get("/api/analytics/page-visits", pageVisits.GET)).toEqual([]);
  });

  it("folds page views, a guest's cart, a registration and an order of the first day", async () => {
    a = await browser();
    b = await browser();
    at("2026-11-20T23:50:00.000Z");
    await view(a, "/", "BloxBazaar", "https://www.google.com/");
    at("2026-11-20T23:51:00.000Z");
    await view(a, "/shop/blox-fruits", "Blox Fruits");
    at("2026-11-20T23:52:00.000Z");
    await view(b, "/", "BloxBazaar");
    at("2026-11-20T23:53:00.000Z");
    await addToCart(a, fruit!, 2); // as a guest
    at("2026-11-20T23:54:00.000Z");
    const created = await a.call(register.POST, "/api/auth/register", {
      body: { birthDate: "1990-01-01", acceptTerms: true, email: "alice@shop.test", password: PASSWORD },
    });
    expect(created.status).toBe(201);
    aliceId = created.body.user.id;
    await a.call(loginUser.POST, "/api/auth/login-user", { body: { email: "alice@shop.test", password: PASSWORD } });
    at("2026-11-20T23:55:00.000Z");
    await view(a, `/product/${fruit!.id}`, fruit!.name, "http://localhost:4321/shop/blox-fruits");
    await addToCart(a, robux!, 1); // as alice
    at("2026-11-20T23:58:00.000Z");
    await append(app, { type: "OrderPlaced", visitorId: visitorIdOf(a), userId: aliceId, payload: { orderId: "order-1", total: 2599, itemCount: 2 } });

    expect(await get("/api/admin/analytics", summary.GET)).toEqual({
      totalOrders: 1,
      todayOrders: 1,
      totalRevenue: "25.99",
      todayRevenue: "25.99",
      totalUsers: 2,
      todayNewUsers: 2,
      activeSupportConversations: 0,
      totalPageVisits: 4,
      todayPageVisits: 4,
      totalUniqueVisitors: 2,
      todayUniqueVisitors: 2,
      pendingReviews: 0,
      totalRefunded: "0.00",
      ordersByDay: { "2026-11-20": 1 },
      revenueByDay: { "2026-11-20": "25.99" },
      ...NO_DELIVERIES,
      ...NO_RISK,
    });
  });

  it("starts a new 'today' at midnight without any event, and buckets the new day's events", async () => {
    at("2026-11-21T00:00:00.000Z");
    expect(await get("/api/admin/analytics", summary.GET)).toMatchObject({
      totalOrders: 1,
      todayOrders: 0,
      totalRevenue: "25.99",
      todayRevenue: "0.00",
      totalUsers: 2,
      todayNewUsers: 0,
      totalPageVisits: 4,
      todayPageVisits: 0,
      totalUniqueVisitors: 2,
      todayUniqueVisitors: 0,
    });

    at("2026-11-21T00:05:00.000Z");
    await view(b, "/", "BloxBazaar");
    c = await browser();
    at("2026-11-21T00:05:30.000Z");
    await view(c, "/shop", "Shop");
    await append(app, { type: "OrderPlaced", visitorId: null, userId: aliceId, payload: { orderId: "order-2", total: 1000, itemCount: 1 } });
    await append(app, {
      type: "OrderStatusChanged",
      visitorId: null,
      userId: null,
      payload: { orderId: "order-1", from: "pending", to: "cancelled", total: 2599 },
    });
    await append(app, { type: "SupportConversationOpened", visitorId: visitorIdOf(b), userId: null, payload: { conversationId: "conv-1" } });
    await append(app, { type: "SupportConversationOpened", visitorId: visitorIdOf(c), userId: null, payload: { conversationId: "conv-2" } });
    await append(app, { type: "SupportConversationClosed", visitorId: null, userId: null, payload: { conversationId: "conv-1" } });
    await append(app, { type: "ReviewSubmitted", visitorId: null, userId: aliceId, payload: { submissionId: "sub-1" } });

    at("2026-11-21T00:06:00.000Z");
    expect(await get("/api/admin/analytics", summary.GET)).toEqual({
      totalOrders: 2,
      todayOrders: 1,
      // order-1 was cancelled: its 25.99 leaves the total and the day it was placed.
      totalRevenue: "10.00",
      todayRevenue: "10.00",
      totalUsers: 2,
      todayNewUsers: 0,
      activeSupportConversations: 1,
      totalPageVisits: 6,
      todayPageVisits: 2,
      totalUniqueVisitors: 3,
      todayUniqueVisitors: 2,
      pendingReviews: 1,
      totalRefunded: "0.00",
      ordersByDay: { "2026-11-20": 1, "2026-11-21": 1 },
      revenueByDay: { "2026-11-20": "0.00", "2026-11-21": "10.00" },
      ...NO_DELIVERIES,
      ...NO_RISK,
    });

    // Back from cancelled: it counts again.
    await append(app, {
      type: "OrderStatusChanged",
      visitorId: null,
      userId: null,
      payload: { orderId: "order-1", from: "cancelled", to: "processing", total: 2599 },
    });
    expect(await get("/api/admin/analytics", summary.GET)).toMatchObject({
      totalRevenue: "35.99",
      todayRevenue: "10.00",
      revenueByDay: { "2026-11-20": "25.99", "2026-11-21": "10.00" },
    });
  });

  it("lists live visitors of the last 5 minutes, boundary included, latest first", async () => {
    at("2026-11-21T00:06:00.000Z");
    expect(await get("/api/analytics/live-visitors", liveVisitors.GET)).toEqual([
      { lastPage: "/shop", userId: null, sessionId: visitorIdOf(c), lastVisit: "2026-11-21T00:05:30.000Z" },
      { lastPage: "/", userId: null, sessionId: visitorIdOf(b), lastVisit: "2026-11-21T00:05:00.000Z" },
    ]);
    // Alice's last view (23:55) is 11 minutes old.
    at("2026-11-21T00:10:00.000Z");
    expect((await get("/api/analytics/live-visitors", liveVisitors.GET)).map((v: { sessionId: string }) => v.sessionId)).toEqual([
      visitorIdOf(c),
      visitorIdOf(b),
    ]);
    at("2026-11-21T00:10:00.001Z");
    expect((await get("/api/analytics/live-visitors", liveVisitors.GET)).map((v: { sessionId: string }) => v.sessionId)).toEqual([visitorIdOf(c)]);
    at("2026-11-21T00:10:30.001Z");
    expect(await get("/api/analytics/live-visitors", liveVisitors.GET)).toEqual([]);

    // A signed-in visitor shows their user id.
    await view(a, "/dashboard", "Dashboard");
    expect(await get("/api/analytics/live-visitors", liveVisitors.GET)).toEqual([
      { lastPage: "/dashboard", userId: aliceId, sessionId: visitorIdOf(a), lastVisit: "2026-11-21T00:10:30.001Z" },
    ]);
  });

  it("ranks top pages by views (ties by page), with ?limit", async () => {
    expect(await get("/api/analytics/top-pages", topPages.GET)).toEqual([
      { page: "/", count: 3 },
      { page: "/dashboard", count: 1 },
      { page: `/product/${fruit!.id}`, count: 1 },
      { page: "/shop", count: 1 },
      { page: "/shop/blox-fruits", count: 1 },
    ]);
    expect(await get("/api/analytics/top-pages", topPages.GET, { limit: "2" })).toEqual([
      { page: "/", count: 3 },
      { page: "/dashboard", count: 1 },
    ]);
    expect((await admin.call(topPages.GET, "/api/analytics/top-pages", { query: { limit: "0" } })).status).toBe(400);
    expect((await admin.call(topPages.GET, "/api/analytics/top-pages", { query: { limit: "many" } })).status).toBe(400);
  });

  it("lists recent page visits newest first with every field", async () => {
    const visits = await get("/api/analytics/page-visits", pageVisits.GET);
    expect(visits.map((v: { page: string }) => v.page)).toEqual(["/dashboard", "/shop", "/", `/product/${fruit!.id}`, "/", "/shop/blox-fruits", "/"]);
    expect(visits[0]).toEqual({
      id: expect.any(Number),
      page: "/dashboard",
      pageTitle: "Dashboard",
      referrer: null,
      userId: aliceId,
      sessionId: visitorIdOf(a),
      createdAt: "2026-11-21T00:10:30.001Z",
    });
    expect(visits[3]).toMatchObject({
      pageTitle: fruit!.name,
      referrer: "http://localhost:4321/shop/blox-fruits",
      userId: aliceId,
      createdAt: "2026-11-20T23:55:00.000Z",
    });
    expect(visits.at(-1)).toMatchObject({ referrer: "https://www.google.com/", userId: null, sessionId: visitorIdOf(a) });
    expect(visits[0].id).toBeGreaterThan(visits[1].id);
    expect(await get("/api/analytics/page-visits", pageVisits.GET, { limit: "1" })).toHaveLength(1);
    expect((await admin.call(pageVisits.GET, "/api/analytics/page-visits", { query: { limit: "101" } })).status).toBe(400);
  });

  it("lists customers of the last 24 hours with their cart activity (as a guest before registering, too)", async () => {
    at("2026-11-21T00:11:00.000Z");
    const customers = await get("/api/analytics/new-customers", newCustomers.GET);
    expect(customers.map((c: { email: string }) => c.email)).toEqual(["alice@shop.test", "nosy@shop.test"]);
    expect(customers[0]).toEqual({
      userId: aliceId,
      email: "alice@shop.test",
      registeredAt: "2026-11-20T23:54:00.000Z",
      totalCartValue: money(2 * fruit!.priceCents + robux!.priceCents),
      cartActivities: [
        { productName: fruit!.name, quantity: 2, price: money(fruit!.priceCents) },
        { productName: robux!.name, quantity: 1, price: money(robux!.priceCents) },
      ],
    });
    expect(customers[1]).toMatchObject({ totalCartValue: "0.00", cartActivities: [] });
  });

  it("counts a cart add once when the cart reports it too, and adds the cart's own reports", async () => {
    at("2026-11-21T00:12:00.000Z");
    const added = { productId: robux!.id, productName: robux!.name, quantity: 1, price: robux!.priceCents };
    // The cart's server-side record of the add the tracker already reported...
    await append(app, { type: "CartItemAdded", visitorId: visitorIdOf(a), userId: aliceId, payload: added });
    let alice = (await get("/api/analytics/new-customers", newCustomers.GET))[0];
    expect(alice.cartActivities[1]).toEqual({ productName: robux!.name, quantity: 1, price: money(robux!.priceCents) });
    // ...and an add the tracker did not report (blocked by the browser).
    await append(app, { type: "CartItemAdded", visitorId: visitorIdOf(a), userId: aliceId, payload: added });
    alice = (await get("/api/analytics/new-customers", newCustomers.GET))[0];
    expect(alice.cartActivities[1].quantity).toBe(2);
    expect(alice.totalCartValue).toBe(money(2 * fruit!.priceCents + 2 * robux!.priceCents));
  });

  it("keeps a customer for 24 hours after registering, boundary included", async () => {
    at("2026-11-21T23:54:00.000Z");
    expect((await get("/api/analytics/new-customers", newCustomers.GET)).map((c: { email: string }) => c.email)).toContain("alice@shop.test");
    at("2026-11-21T23:54:00.001Z");
    expect((await get("/api/analytics/new-customers", newCustomers.GET)).map((c: { email: string }) => c.email)).not.toContain("alice@shop.test");
  });

  it("does not count administrators created by the operator as users or new customers", async () => {
    at("2026-11-21T23:55:00.000Z");
    const before = await get("/api/admin/analytics", summary.GET);
    await store.ensureAdmin("second-boss@shop.test", "admin-password-2");
    expect((await get("/api/admin/analytics", summary.GET)).totalUsers).toBe(before.totalUsers);
    expect(await app.db.selectFrom("events").select("id").where("type", "=", "UserRegistered").where("payload", "like", "%second-boss%").execute()).toEqual([]);
  });

  it("shows only the 10 most recent days with orders of the last 30 days", async () => {
    for (let day = 1; day <= 12; day++) {
      at(`2026-12-${String(day).padStart(2, "0")}T12:00:00.000Z`);
      await append(app, { type: "OrderPlaced", visitorId: null, userId: aliceId, payload: { orderId: `order-dec-${day}`, total: day * 100, itemCount: 1 } });
    }
    at("2026-12-20T12:00:00.000Z");
    const s = await get("/api/admin/analytics", summary.GET);
    expect(Object.keys(s.ordersByDay)).toEqual(Array.from({ length: 10 }, (_, i) => `2026-12-${String(i + 3).padStart(2, "0")}`));
    expect(s.revenueByDay["2026-12-12"]).toBe("12.00");
    expect(s.todayOrders).toBe(0);
    // 30 days after 2026-11-20 the first day has left the window.
    at("2026-12-20T00:00:00.000Z");
    expect(Object.keys((await get("/api/admin/analytics", summary.GET)).ordersByDay)).not.toContain("2026-11-20");
  });
});

describe("registration events", () => {
  it("appends UserRegistered with the registering browser's visitor id", async () => {
    const b = await browser();
    const res = await b.call(register.POST, "/api/auth/register", {
      body: { birthDate: "1990-01-01", acceptTerms: true, email: "bob@shop.test", password: PASSWORD },
    });
    const event = await app.db
      .selectFrom("events")
      .selectAll()
      .where("type", "=", "UserRegistered")
      .where("userId", "=", res.body.user.id)
      .executeTakeFirstOrThrow();
    expect([event.visitorId, JSON.parse(event.payload)]).toEqual([visitorIdOf(b), { email: "bob@shop.test" }]);
  });

  it("still creates the account when the event cannot be recorded (logged, and no half-written event)", async () => {
    const failing = async () => Promise.reject(new Error("projection down"));
    app.eventListeners.push(failing);
    try {
      const res = await store.call(register.POST, "/api/auth/register", {
        body: { birthDate: "1990-01-01", acceptTerms: true, email: "carol@shop.test", password: PASSWORD },
      });
      expect(res.status).toBe(201);
      expect(await app.db.selectFrom("events").select("id").where("userId", "=", res.body.user.id).execute()).toEqual([]);
    } finally {
      app.eventListeners.splice(app.eventListeners.indexOf(failing), 1);
    }
  });
});

describe("analytics in another time zone", async () => {
  let berlinNow = new Date("2026-11-21T22:30:00.000Z"); // 23:30 in Berlin
  const berlin = await createTestApp({ seed: false, clock: { now: () => berlinNow }, env: { TIME_ZONE: "Europe/Berlin" } });
  await berlin.ensureAdmin(ADMIN.email, ADMIN.password);
  const boss = berlin.client();
  await boss.call(adminLogin.POST, "/api/auth/login", { body: ADMIN });
  const order = (id: string) =>
    berlin.app.db.transaction().execute((trx) =>
      createEventLog(trx, berlin.app.eventListeners).append({
        type: "OrderPlaced",
        occurredAt: berlinNow,
        visitorId: null,
        userId: "u",
        payload: { orderId: id, total: 500, itemCount: 1 },
      }),
    );

  it("uses TIME_ZONE's midnight for today and the day buckets", async () => {
    await order("late-evening"); // 2026-11-21 in Berlin
    berlinNow = new Date("2026-11-21T23:00:00.000Z"); // 00:00 on the 22nd in Berlin, still the 21st in UTC
    await order("after-midnight");
    const s = (await boss.call(summary.GET, "/api/admin/analytics")).body;
    expect(s).toMatchObject({ totalOrders: 2, todayOrders: 1, todayRevenue: "5.00" });
    expect(s.ordersByDay).toEqual({ "2026-11-21": 1, "2026-11-22": 1 });
  });
});
