import { describe, expect, it } from "vitest";
import type { Clock } from "#domain/shared/clock.port.ts";
import { createItemRequestRepository } from "#adapters/repositories/item-request.repository.ts";
import { findGameBySlug } from "#read-models/storefront/catalogue.queries.ts";
import * as adminItemRequests from "#src/pages/api/admin/item-requests.ts";
import * as itemRequests from "#src/pages/api/item-requests.ts";
import * as adminLogin from "#src/pages/api/auth/login.ts";
import * as register from "#src/pages/api/auth/register.ts";
import * as loginUser from "#src/pages/api/auth/login-user.ts";
import { createTestApp } from "./helpers/test-app.ts";
import { countRows } from "./helpers/row-count.ts";

// A clock the tests move, so the one-minute rate-limit window is exercised without waiting.
let now = new Date("2026-11-21T12:00:00.000Z");
const clock: Clock = { now: () => now };
const store = await createTestApp({ clock });
const { app, call } = store;
const game = (await findGameBySlug(app.db, "blox-fruits"))!;

const post = (body: unknown, ip = "203.0.113.1") => call(itemRequests.POST, "/api/item-requests", { method: "POST", body, ip });

describe("POST /api/item-requests", () => {
  it("stores a valid request and answers 201 with it", async () => {
    const res = await post({ gameId: game.id, itemName: "  T-Rex Fruit ", email: "Kid@Example.com", description: "Permanent please" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      gameId: game.id,
      itemName: "T-Rex Fruit",
      email: "kid@example.com",
      description: "Permanent please",
      createdAt: now.toISOString(),
    });
    const stored = await app.db.selectFrom("item_requests").selectAll().where("id", "=", res.body.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ gameId: game.id, itemName: "T-Rex Fruit", email: "kid@example.com", description: "Permanent please" });
    // The client address itself is never stored, only a hash of it.
    expect(stored.clientKey).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.clientKey).not.toContain("203.0.113.1");
  });

  it("accepts a request without a description", async () => {
    const res = await post({ gameId: game.id, itemName: "Yeti Fruit", email: "a@b.co" }, "203.0.113.2");
    expect(res.status).toBe(201);
    expect(res.body.description).toBe("");
  });

  it.each([
    [{ itemName: "", email: "a@b.co" }, "Please enter an item name"],
    [{ email: "a@b.co" }, "Please enter an item name"],
    [{ itemName: "   ", email: "a@b.co" }, "Please enter an item name"],
    [{ itemName: "Fruit", email: "" }, "Please enter your email address"],
    [{ itemName: "Fruit" }, "Please enter your email address"],
    [{ itemName: "Fruit", email: "not-an-email" }, "Please enter a valid email address"],
    [{ itemName: "Fruit", email: "a b@c.de" }, "Please enter a valid email address"],
  ])("refuses %j with 400 and the spec's message", async (fields, message) => {
    const before = await countRows(app.db, "item_requests");
    const res = await post({ gameId: game.id, ...fields }, "203.0.113.3");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message });
    const after = await countRows(app.db, "item_requests");
    expect(after).toBe(before);
  });

  it("refuses a missing gameId with 400, an unknown game with 404, and malformed JSON with 400", async () => {
    const noGame = await post({ itemName: "Fruit", email: "a@b.co" }, "203.0.113.4");
    expect(noGame.status).toBe(400);
    expect(noGame.body.error).toMatch(/^Game id: /);
    expect(Object.keys(noGame.body.fields)).toEqual(["gameId"]);
    const unknown = await post({ gameId: "nope", itemName: "Fruit", email: "a@b.co" }, "203.0.113.4");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "Game not found" });
    const bad = await call(itemRequests.POST, "/api/item-requests", { method: "POST", rawBody: "{nope", ip: "203.0.113.4" });
    expect(bad.status).toBe(400);
  });

  it("answers 429 after 5 requests within a minute from one email, and again accepts a minute later", async () => {
    now = new Date("2026-11-21T13:00:00.000Z");
    const body = { gameId: game.id, itemName: "Leopard", email: "spam@example.com" };
    for (let i = 0; i < 5; i++) expect((await post(body, `198.51.100.${i}`)).status).toBe(201);
    const sixth = await post(body, "198.51.100.99");
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toMatch(/Too many requests/);
    now = new Date("2026-11-21T13:01:00.001Z");
    expect((await post(body, "198.51.100.99")).status).toBe(201);
  });

  it("answers 429 after 5 requests within a minute from one client, whatever the email", async () => {
    now = new Date("2026-11-21T14:00:00.000Z");
    for (let i = 0; i < 5; i++) expect((await post({ gameId: game.id, itemName: "Dough", email: `user${i}@example.com` }, "192.0.2.50")).status).toBe(201);
    const res = await post({ gameId: game.id, itemName: "Dough", email: "fresh@example.com" }, "192.0.2.50");
    expect(res.status).toBe(429);
    // Another client is not affected.
    expect((await post({ gameId: game.id, itemName: "Dough", email: "other@example.com" }, "192.0.2.51")).status).toBe(201);
  });
});

describe("GET /api/admin/item-requests", () => {
  it("answers 401 for a guest and 403 for a shopper, revealing nothing", async () => {
    const res = await call(adminItemRequests.GET, "/api/admin/item-requests");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "Please log in to continue" });
    const shopper = store.client();
    await shopper.call(register.POST, "/api/auth/register", {
      body: { birthDate: "1990-01-01", acceptTerms: true, email: "asker@shop.test", password: "long-password-1" },
    });
    await shopper.call(loginUser.POST, "/api/auth/login-user", { body: { email: "asker@shop.test", password: "long-password-1" } });
    expect((await shopper.call(adminItemRequests.GET, "/api/admin/item-requests")).status).toBe(403);
  });

  it("lists every request, newest first, to administrators", async () => {
    await store.ensureAdmin("boss@shop.test", "admin-password-1");
    const admin = store.client();
    expect((await admin.call(adminLogin.POST, "/api/auth/login", { body: { email: "boss@shop.test", password: "admin-password-1" } })).status).toBe(200);
    now = new Date(now.getTime() + 120_000);
    expect((await post({ gameId: game.id, itemName: "Newest item", email: "late@shop.test" }, "203.0.113.77")).status).toBe(201);
    const res = await admin.call(adminItemRequests.GET, "/api/admin/item-requests");
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ itemName: "Newest item", email: "late@shop.test", gameId: game.id });
    const times = res.body.map((r: { createdAt: string }) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("answers a page at a time: ?offset=&limit= (at most 100, 50 without), the total in X-Total-Count; bad bounds are 400", async () => {
    await store.ensureAdmin("boss@shop.test", "admin-password-1");
    const admin = store.client();
    await admin.call(adminLogin.POST, "/api/auth/login", { body: { email: "boss@shop.test", password: "admin-password-1" } });
    const repo = createItemRequestRepository(app.db);
    const base = { gameId: game.id, email: "many@shop.test", description: "" };
    // 110 more, two pairs at the same instant (ties are ordered by id, so pages never overlap).
    for (let i = 0; i < 110; i++) {
      const createdAt = new Date(Date.UTC(2026, 5, 1, 0, Math.min(i, 100))).toISOString();
      await repo.add({ ...base, id: `paged-${String(i).padStart(3, "0")}`, itemName: `Paged ${i}`, createdAt }, "k");
    }
    const all = await app.db.selectFrom("item_requests").select(["id", "createdAt"]).execute();
    const expected = all.sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? 1 : -1)).map((r) => r.id);
    const ids = (res: { body: { id: string }[] }) => res.body.map((r) => r.id);

    const first = await admin.call(adminItemRequests.GET, "/api/admin/item-requests");
    expect(first.status).toBe(200);
    expect(ids(first)).toEqual(expected.slice(0, 50));
    expect(first.headers.get("X-Total-Count")).toBe(String(expected.length));
    const paged: string[] = [];
    for (let offset = 0; offset < expected.length; offset += 40) {
      const page = await admin.call(adminItemRequests.GET, `/api/admin/item-requests?offset=${offset}&limit=40`);
      expect(page.status).toBe(200);
      expect(page.headers.get("X-Total-Count")).toBe(String(expected.length));
      paged.push(...ids(page));
    }
    expect(paged).toEqual(expected);
    expect((await admin.call(adminItemRequests.GET, "/api/admin/item-requests?limit=100")).body).toHaveLength(100);
    for (const query of ["limit=0", "limit=101", "limit=ten", "offset=-1", "offset=1.5"]) {
      expect((await admin.call(adminItemRequests.GET, `/api/admin/item-requests?${query}`)).status, query).toBe(400);
    }
  });
});
