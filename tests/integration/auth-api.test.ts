import { describe, expect, it } from "vitest";
import type { GuestDataMerger } from "#domain/accounts/guest-data-merger.port.ts";
import * as authCatchAll from "#src/pages/api/auth/[...path].ts";
import * as check from "#src/pages/api/auth/check.ts";
import * as google from "#src/pages/api/auth/google.ts";
import * as adminLogin from "#src/pages/api/auth/login.ts";
import * as loginUser from "#src/pages/api/auth/login-user.ts";
import * as logout from "#src/pages/api/auth/logout.ts";
import * as register from "#src/pages/api/auth/register.ts";
import * as session from "#src/pages/api/auth/session.ts";
import * as user from "#src/pages/api/auth/user.ts";
import * as games from "#src/pages/api/games/index.ts";
import { requireAdmin, requireOwnerOrAdmin, requireUser } from "#server/guards.ts";
import { json, route } from "#server/http.ts";
import { createTestApp } from "./helpers/test-app.ts";

const store = await createTestApp({ seed: false, env: { ADMIN_EMAIL: "boss@shop.test", ADMIN_PASSWORD: "admin-password-1" } });
await store.ensureAdmin("boss@shop.test", "admin-password-1");
const PASSWORD = "correct horse battery";

async function registered(email: string) {
  const browser = store.client();
  const res = await browser.call(register.POST, "/api/auth/register", {
    body: { birthDate: "1990-01-01", acceptTerms: true, email, password: PASSWORD, firstName: "Sam" },
  });
  expect(res.status).toBe(201);
  return browser;
}

describe("POST /api/auth/register", () => {
  it("creates the account (201) without signing in", async () => {
    const browser = store.client();
    const res = await browser.call(register.POST, "/api/auth/register", {
      body: { acceptTerms: true, email: "New@Shop.test ", password: PASSWORD, firstName: "Nia" },
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toEqual({
      id: expect.any(String),
      email: "new@shop.test",
      firstName: "Nia",
      emailVerified: false,
      isAdmin: false,
      robloxUsername: null,
      storeCredit: "0.00",
      points: 0,
      minor: false,
    });
    expect((await browser.call(session.GET, "/api/auth/session")).body).toEqual({ authenticated: false, user: null });
  });

  it("account enumeration: a taken address gets the same answer as a new one, and no session or second account", async () => {
    await registered("dup@shop.test");
    const taken = await store.call(register.POST, "/api/auth/register", {
      body: { acceptTerms: true, email: "DUP@shop.test", password: PASSWORD, firstName: "Eve" },
    });
    const fresh = await store.call(register.POST, "/api/auth/register", {
      body: { acceptTerms: true, email: "fresh-dup@shop.test", password: PASSWORD, firstName: "Eve" },
    });
    expect(taken.status).toBe(fresh.status);
    expect(Object.keys(taken.body.user).sort()).toEqual(Object.keys(fresh.body.user).sort());
    expect(taken.body.user).toMatchObject({ email: "dup@shop.test", firstName: "Eve", isAdmin: false, storeCredit: "0.00", points: 0 });
    expect(taken.headers.getSetCookie().some((c) => c.startsWith("better-auth"))).toBe(false);
    // The owner's account is untouched and is not the one the answer names.
    const owner = await store.call(loginUser.POST, "/api/auth/login-user", { body: { email: "dup@shop.test", password: PASSWORD } });
    expect(owner.status).toBe(200);
    expect(owner.body.user.firstName).toBe("Sam");
    expect(taken.body.user.id).not.toBe(owner.body.user.id);
  });

  it("refuses common passwords (breached-password list) on sign-up", async () => {
    for (const password of ["password", "12345678", "Password1"]) {
      const res = await store.call(register.POST, "/api/auth/register", {
        body: { birthDate: "1990-01-01", acceptTerms: true, email: `common-${password}@shop.test`, password },
      });
      expect(res.status, password).toBe(400);
      expect(res.body.error).toMatch(/most common/);
    }
  });

  it("refuses bad input with 400 and a clear message", async () => {
    expect(
      (await store.call(register.POST, "/api/auth/register", { body: { birthDate: "1990-01-01", acceptTerms: true, email: "nope", password: PASSWORD } })).body
        .error,
    ).toMatch(/valid email/);
    expect(
      (await store.call(register.POST, "/api/auth/register", { body: { birthDate: "1990-01-01", acceptTerms: true, email: "a@b.co", password: "" } })).body
        .error,
    ).toMatch(/Password is required/);
    const short = await store.call(register.POST, "/api/auth/register", {
      body: { birthDate: "1990-01-01", acceptTerms: true, email: "short@shop.test", password: "abc" },
    });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe("Password must be at least 8 characters");
    expect((await store.call(register.POST, "/api/auth/register", { rawBody: "{" })).status).toBe(400);
  });

  it("cannot make itself an administrator or give itself credit", async () => {
    const res = await store.call(register.POST, "/api/auth/register", {
      body: { acceptTerms: true, email: "sneaky@shop.test", password: PASSWORD, isAdmin: true, storeCredit: 1000, points: 99999 },
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ isAdmin: false, storeCredit: "0.00", points: 0 });
  });
});

describe("POST /api/auth/login-user and the session", () => {
  it("signs in, shows the session, the user with orders and the check; logout ends it", async () => {
    const browser = await registered("shopper@shop.test");
    const res = await browser.call(loginUser.POST, "/api/auth/login-user", { body: { email: "shopper@shop.test", password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe("shopper@shop.test");
    expect(res.headers.getSetCookie().join()).toMatch(/session_token=.*HttpOnly/i);

    const s = await browser.call(session.GET, "/api/auth/session");
    expect(s.body).toEqual({ authenticated: true, user: expect.objectContaining({ email: "shopper@shop.test", firstName: "Sam", isAdmin: false }) });
    const u = await browser.call(user.GET, "/api/auth/user");
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({ email: "shopper@shop.test", points: 0, storeCredit: "0.00", orders: [] });
    expect((await browser.call(check.GET, "/api/auth/check")).body).toEqual({ authenticated: true, isAdmin: false });

    expect((await browser.call(logout.POST, "/api/auth/logout", { body: {} })).status).toBe(204);
    expect((await browser.call(session.GET, "/api/auth/session")).body.authenticated).toBe(false);
    expect((await browser.call(user.GET, "/api/auth/user")).status).toBe(401);
  });

  it("answers 401 with a message for a wrong password or an unknown email", async () => {
    await registered("wrongpw@shop.test");
    const wrong = await store.call(loginUser.POST, "/api/auth/login-user", { body: { email: "wrongpw@shop.test", password: "not the password" } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: "Invalid email or password" });
    const unknown = await store.call(loginUser.POST, "/api/auth/login-user", { body: { email: "ghost@shop.test", password: PASSWORD } });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.getSetCookie().join()).not.toMatch(/session_token/);
  });

  it("GET /api/auth/user answers 401 to guests, /session and /check say signed out", async () => {
    expect((await store.call(user.GET, "/api/auth/user")).status).toBe(401);
    expect((await store.call(session.GET, "/api/auth/session")).body).toEqual({ authenticated: false, user: null });
    expect((await store.call(check.GET, "/api/auth/check")).body).toEqual({ authenticated: false, isAdmin: false });
  });

  it("rate-limits repeated sign-in attempts from one address (429)", async () => {
    await registered("target@shop.test");
    const attacker = store.client({ ip: "203.0.113.9" });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await attacker.call(loginUser.POST, "/api/auth/login-user", { body: { email: "target@shop.test", password: `guess-${i}-xx` } })).status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const res = await attacker.call(loginUser.POST, "/api/auth/login-user", { body: { email: "target@shop.test", password: PASSWORD } });
    expect(res.status).toBe(429);
    expect(res.body.error).toMatch(/^Too many/);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address signing in to another account is not affected.
    await registered("bystander@shop.test");
    expect((await store.call(loginUser.POST, "/api/auth/login-user", { body: { email: "bystander@shop.test", password: PASSWORD } })).status).toBe(200);
  });
});

describe("POST /api/auth/login (admin panel)", () => {
  it("signs an administrator in with isAdmin", async () => {
    const browser = store.client();
    const res = await browser.call(adminLogin.POST, "/api/auth/login", { body: { email: "boss@shop.test", password: "admin-password-1" } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: "boss@shop.test", isAdmin: true });
    expect((await browser.call(check.GET, "/api/auth/check")).body).toMatchObject({ authenticated: true, isAdmin: true, role: "owner" });
  });

  it("refuses a shopper with 403 and leaves no session behind", async () => {
    const browser = await registered("notadmin@shop.test");
    const res = await browser.call(adminLogin.POST, "/api/auth/login", { body: { email: "notadmin@shop.test", password: PASSWORD } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "Invalid credentials or insufficient permissions" });
    expect((await browser.call(session.GET, "/api/auth/session")).body.authenticated).toBe(false);
    const { id } = await store.app.db.selectFrom("user").select("id").where("email", "=", "notadmin@shop.test").executeTakeFirstOrThrow();
    const sessions = await store.app.db.selectFrom("session").select("id").where("userId", "=", id).execute();
    expect(sessions).toEqual([]);
  });

  it("answers 401 for a wrong admin password", async () => {
    expect((await store.call(adminLogin.POST, "/api/auth/login", { body: { email: "boss@shop.test", password: "nope-nope-nope" } })).status).toBe(401);
  });
});

describe("guards", () => {
  const adminOnly = route(async (context) => json({ admin: (await requireAdmin(context, "orders")).email }));
  const userOnly = route(async (context) => json({ user: (await requireUser(context)).email }));

  it("admin routes answer 401 to guests, 403 to shoppers, 200 to admins", async () => {
    expect((await store.call(adminOnly, "/api/admin/x")).status).toBe(401);
    const shopper = await registered("guarded@shop.test");
    await shopper.call(loginUser.POST, "/api/auth/login-user", { body: { email: "guarded@shop.test", password: PASSWORD } });
    const refused = await shopper.call(adminOnly, "/api/admin/x");
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: "Only administrators can do this" });
    expect((await shopper.call(userOnly, "/api/me")).body).toEqual({ user: "guarded@shop.test" });
    const admin = store.client();
    await admin.call(adminLogin.POST, "/api/auth/login", { body: { email: "boss@shop.test", password: "admin-password-1" } });
    expect((await admin.call(adminOnly, "/api/admin/x")).body).toEqual({ admin: "boss@shop.test" });
  });

  it("ownership: the owner and admins pass, other shoppers get 403", async () => {
    const owner = await registered("owner@shop.test");
    const login = await owner.call(loginUser.POST, "/api/auth/login-user", { body: { email: "owner@shop.test", password: PASSWORD } });
    const ownerId = login.body.user.id as string;
    const mine = route(async (context) => json({ ok: (await requireOwnerOrAdmin(context, ownerId)).id }));
    expect((await owner.call(mine, "/api/orders/1")).status).toBe(200);
    const other = await registered("other@shop.test");
    await other.call(loginUser.POST, "/api/auth/login-user", { body: { email: "other@shop.test", password: PASSWORD } });
    expect((await other.call(mine, "/api/orders/1")).status).toBe(403);
    expect((await store.call(mine, "/api/orders/1")).status).toBe(401);
  });
});

describe("cross-site requests", () => {
  it("refuses writes whose Origin is another site, or marked cross-site, with 403 and changes nothing", async () => {
    const evil = await store.call(register.POST, "/api/auth/register", {
      body: { email: "csrf@shop.test", password: PASSWORD },
      headers: { origin: "https://evil.example" },
    });
    expect(evil.status).toBe(403);
    expect(evil.body).toEqual({ error: "Requests from other sites are not allowed" });
    const marked = await store.call(register.POST, "/api/auth/register", {
      body: { email: "csrf@shop.test", password: PASSWORD },
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(marked.status).toBe(403);
    const rows = await store.app.db.selectFrom("user").select("id").where("email", "=", "csrf@shop.test").execute();
    expect(rows).toEqual([]);
  });

  it("allows reads from anywhere and writes without an Origin (non-browser clients)", async () => {
    expect((await store.call(games.GET, "/api/games", { headers: { origin: "https://evil.example" } })).status).toBe(200);
    const res = await store.call(register.POST, "/api/auth/register", {
      body: { acceptTerms: true, email: "curl@shop.test", password: PASSWORD },
      headers: { origin: "" },
    });
    expect(res.status).toBe(201);
  });
});

describe("guest sessions", () => {
  it("gives a new visitor a signed, http-only visitor cookie once", async () => {
    const browser = store.client();
    const first = await browser.call(games.GET, "/api/games");
    expect(first.headers.getSetCookie().join()).toMatch(/shop_visitor=[\w-]+\.[\w-]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/);
    const second = await browser.call(games.GET, "/api/games");
    expect(second.headers.getSetCookie().join()).not.toMatch(/shop_visitor/);
  });

  it("replaces a forged visitor cookie", async () => {
    const browser = store.client();
    browser.jar.set("shop_visitor", "aaaaaaaaaaaaaaaaaaaa.forged");
    const res = await browser.call(games.GET, "/api/games");
    expect(res.headers.getSetCookie().join()).toMatch(/shop_visitor=/);
    expect(browser.jar.get("shop_visitor")).not.toBe("aaaaaaaaaaaaaaaaaaaa.forged");
  });

  it("moves the guest's data to the account at sign-in, with the visitor id and user id", async () => {
    const calls: [string, string][] = [];
    const merger: GuestDataMerger = { name: "test", mergeGuestIntoUser: async (visitorId, userId) => void calls.push([visitorId, userId]) };
    store.app.guestMergers.push(merger);
    try {
      const browser = await registered("merge@shop.test");
      const visitorId = browser.jar.get("shop_visitor")!.split(".")[0]!;
      const res = await browser.call(loginUser.POST, "/api/auth/login-user", { body: { email: "merge@shop.test", password: PASSWORD } });
      expect(calls).toEqual([[visitorId, res.body.user.id]]);
    } finally {
      store.app.guestMergers.splice(store.app.guestMergers.indexOf(merger), 1);
    }
  });
});

describe("GET /api/auth/google", () => {
  it("without Google configured, sends the browser back to /login with a message and the redirect", async () => {
    const res = await store.call(google.GET, "/api/auth/google", { query: { redirect: "/checkout" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?error=google_unavailable&redirect=%2Fcheckout");
  });

  it("never keeps an off-site redirect target", async () => {
    for (const target of ["https://evil.example/x", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      const res = await store.call(google.GET, "/api/auth/google", { query: { redirect: target } });
      expect(res.headers.get("location")).toBe("/login?error=google_unavailable&redirect=%2Fdashboard");
    }
  });

  it("only exposes better-auth's OAuth callback, nothing else of its routes", async () => {
    const res = await store.call(authCatchAll.GET, "/api/auth/get-session", { params: { path: "get-session" } });
    expect(res.status).toBe(404);
    const post = await store.call(authCatchAll.ALL, "/api/auth/sign-up/email", { body: { email: "x@y.z", password: PASSWORD } });
    expect(post.status).toBe(404);
  });
});

describe("GET /api/auth/google with Google configured", async () => {
  const withGoogle = await createTestApp({ seed: false, env: { GOOGLE_CLIENT_ID: "client-id", GOOGLE_CLIENT_SECRET: "client-secret" } });

  it("redirects to Google's consent page with a state cookie", async () => {
    const res = await withGoogle.call(google.GET, "/api/auth/google", { query: { redirect: "/checkout" } });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!);
    expect(location.hostname).toBe("accounts.google.com");
    expect(location.searchParams.get("client_id")).toBe("client-id");
    expect(location.searchParams.get("redirect_uri")).toBe("http://localhost:4321/api/auth/callback/google");
    expect(res.headers.getSetCookie().join()).toMatch(/state/);
    expect(res.headers.getSetCookie().join()).not.toMatch(/shop_terms/);
  });

  it("from Create account with the Terms box ticked, carries the acceptance to Google's callback in a short-lived cookie (issue 20)", async () => {
    const res = await withGoogle.call(google.GET, "/api/auth/google", { query: { redirect: "/checkout", acceptTerms: "1" } });
    expect(res.status).toBe(302);
    const terms = res.headers.getSetCookie().find((c) => c.startsWith("shop_terms="));
    expect(terms).toMatch(/^shop_terms=[^;]+; Max-Age=900; Path=\/api\/auth; HttpOnly; SameSite=Lax$/);
    expect((await withGoogle.call(google.GET, "/api/auth/google", { query: { acceptTerms: "yes" } })).status).toBe(400);
  });
});
