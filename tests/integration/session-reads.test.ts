import { createServer, type Server } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { createFront } from "#server/front.ts";
import type { App } from "#server/app.ts";
import { SESSION_COOKIE } from "#adapters/auth/session-lookup.ts";
import * as changePassword from "#src/pages/api/auth/change-password.ts";
import * as loginUser from "#src/pages/api/auth/login-user.ts";
import * as logout from "#src/pages/api/auth/logout.ts";
import * as register from "#src/pages/api/auth/register.ts";
import * as authSession from "#src/pages/api/auth/session.ts";
import * as sessions from "#src/pages/api/auth/sessions/index.ts";
import * as endSession from "#src/pages/api/auth/sessions/[id].ts";
import * as cart from "#src/pages/api/cart/index.ts";
import * as authUser from "#src/pages/api/auth/user.ts";
import { PASSWORD, product } from "./helpers/shoppers.ts";
import { createTestApp } from "./helpers/test-app.ts";

// Issue 33: the session and cart calls every signed-in page view makes read the session in one
// query instead of through better-auth's getSession. The revocation promise is unchanged: a session
// ended anywhere (another device, signing out, a password change) stops working at the very next
// request, in this process and in any other; a cookie that is edited, signed with another secret or
// expired signs nobody in.
const store = await createTestApp();
const dragon = await product(store, "Dragon Fruit (Permanent)");

let n = 0;
async function account() {
  const email = `reads${++n}-${Date.now()}@shop.test`;
  expect(
    (await store.call(register.POST, "/api/auth/register", { body: { birthDate: "1990-01-01", acceptTerms: true, email, password: PASSWORD } })).status,
  ).toBe(201);
  return email;
}
async function device(email: string) {
  const browser = store.client();
  expect((await browser.call(loginUser.POST, "/api/auth/login-user", { body: { email, password: PASSWORD } })).status).toBe(200);
  return browser;
}
type Browser = ReturnType<typeof store.client>;
const sessionOf = async (browser: Browser, app = store.app) =>
  (await browser.call(authSession.GET, "/api/auth/session", { app })).body as { authenticated: boolean; user: { email: string } | null };
const cartOf = async (browser: Browser, app = store.app) => (await browser.call(cart.GET, "/api/cart", { app })).body as { productId: string }[];
/** A browser holding a copy of `browser`'s session cookie, with `edit` applied to its value. */
function withCookie(browser: Browser, edit: (value: string) => string = (v) => v): Browser {
  const copy = store.client();
  copy.jar.set(SESSION_COOKIE, edit(browser.jar.get(SESSION_COOKIE)!));
  return copy;
}

describe("the session read of every signed-in request", () => {
  it("answers the shopper's session and cart, and nothing once the session is ended from another device, on every process", async () => {
    const email = await account();
    const laptop = await device(email);
    const phone = await device(email);
    const otherProcess = store.sibling();
    expect((await laptop.call(cart.POST, "/api/cart", { body: { productId: dragon.id, quantity: 1 } })).status).toBe(201);
    expect(await sessionOf(laptop)).toMatchObject({ authenticated: true, user: { email } });
    expect(await sessionOf(laptop, otherProcess)).toMatchObject({ authenticated: true, user: { email } });
    expect((await cartOf(laptop)).map((line) => line.productId)).toEqual([dragon.id]);
    expect((await cartOf(laptop, otherProcess)).map((line) => line.productId)).toEqual([dragon.id]);

    const listed = (await phone.call(sessions.GET, "/api/auth/sessions")).body as { id: string; current: boolean }[];
    const laptops = listed.find((s) => !s.current)!;
    expect((await phone.call(endSession.DELETE, "/x", { method: "DELETE", params: { id: laptops.id } })).status).toBe(200);

    // The very next request, here and on the other process: no session, the guest's (empty) cart.
    expect(await sessionOf(laptop)).toEqual({ authenticated: false, user: null });
    expect(await sessionOf(laptop, otherProcess)).toEqual({ authenticated: false, user: null });
    expect(await cartOf(laptop)).toEqual([]);
    expect(await cartOf(laptop, otherProcess)).toEqual([]);
    expect(await sessionOf(phone)).toMatchObject({ authenticated: true, user: { email } });
    expect((await cartOf(phone)).map((line) => line.productId)).toEqual([dragon.id]);
  });

  it("does not take back a session's cookie after signing out or a password change elsewhere", async () => {
    const email = await account();
    const laptop = await device(email);
    const kept = withCookie(laptop);
    expect(await sessionOf(kept)).toMatchObject({ authenticated: true });
    expect((await laptop.call(logout.POST, "/api/auth/logout", { body: {} })).status).toBe(204);
    expect(await sessionOf(kept)).toEqual({ authenticated: false, user: null });

    const again = await device(email);
    const phone = await device(email);
    expect(await sessionOf(phone)).toMatchObject({ authenticated: true });
    const changed = await again.call(changePassword.POST, "/api/auth/change-password", {
      body: { currentPassword: PASSWORD, newPassword: "another good secret" },
    });
    expect(changed.status).toBe(200);
    expect(await sessionOf(phone)).toEqual({ authenticated: false, user: null });
    expect(await cartOf(phone)).toEqual([]);
  });

  it("signs nobody in with an edited cookie, a cookie signed with another secret, or an expired session", async () => {
    const email = await account();
    const laptop = await device(email);
    const value = decodeURIComponent(laptop.jar.get(SESSION_COOKIE)!);
    const dot = value.lastIndexOf(".");
    const [token, signature] = [value.slice(0, dot), value.slice(dot + 1)];
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
    const { createHmac } = await import("node:crypto");
    const foreign = createHmac("sha256", "some other secret of 32 characters!").update(token).digest("base64");
    for (const edited of [`${flip(token, 3)}.${signature}`, `${token}.${flip(signature, 5)}`, `${token}.${foreign}`, token, `${token}.`]) {
      expect(await sessionOf(withCookie(laptop, () => encodeURIComponent(edited)))).toEqual({ authenticated: false, user: null });
    }
    expect(await sessionOf(withCookie(laptop, () => "%E0%A4%A"))).toEqual({ authenticated: false, user: null });
    expect(await sessionOf(laptop)).toMatchObject({ authenticated: true, user: { email } });

    await store.app.db
      .updateTable("session")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where("token", "=", token)
      .execute();
    expect(await sessionOf(laptop)).toEqual({ authenticated: false, user: null });
    expect(await store.app.db.selectFrom("session").select("id").where("token", "=", token).executeTakeFirst()).toBeUndefined();
  });
});

// The front answers both GETs on node's own request (src/server/node-answers/personal.ts): served on a
// real port, one front per process, they must answer what the routes answer and keep the promise.
const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((server) => new Promise((done) => server.close(done)))));
async function front(app: App): Promise<string> {
  const server = createServer(createFront(app, (_req, res) => res.writeHead(599).end()));
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}
const cookieOf = (browser: Browser) => [...browser.jar].map(([k, v]) => `${k}=${v}`).join("; ");

describe("the session and cart through the front, on node's own request", () => {
  it("answers what the routes answer, with the pipeline's headers, and nothing once the session is ended elsewhere, on every process", async () => {
    const here = await front(store.app);
    const there = await front(store.sibling());
    const email = await account();
    const laptop = await device(email);
    const phone = await device(email);
    expect((await laptop.call(cart.POST, "/api/cart", { body: { productId: dragon.id, quantity: 2 } })).status).toBe(201);
    const get = (base: string, path: string, browser: Browser) => fetch(`${base}${path}`, { headers: { cookie: cookieOf(browser) } });

    for (const base of [here, there]) {
      const session = await get(base, "/api/auth/session", laptop);
      expect(session.status).toBe(200);
      expect(await session.json()).toEqual(await sessionOf(laptop));
      expect(session.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(session.headers.get("cache-control")).toBe("no-store");
      expect(session.headers.get("x-content-type-options")).toBe("nosniff");
      expect(session.headers.get("x-request-id")).toMatch(/\S/);
      const lines = await get(base, "/api/cart", laptop);
      expect(lines.status).toBe(200);
      expect(await lines.json()).toEqual(await cartOf(laptop));
      expect((await cartOf(laptop)).map((line) => line.productId)).toEqual([dragon.id]);
    }
    // A guest: a new visitor cookie, no session, an empty cart.
    const guest = await fetch(`${here}/api/cart`);
    expect(await guest.json()).toEqual([]);
    expect(guest.headers.getSetCookie().some((c) => c.startsWith("shop_visitor="))).toBe(true);
    expect(await (await fetch(`${here}/api/auth/session`)).json()).toEqual({ authenticated: false, user: null });

    const listed = (await phone.call(sessions.GET, "/api/auth/sessions")).body as { id: string; current: boolean }[];
    const laptops = listed.find((s) => !s.current)!;
    expect((await phone.call(endSession.DELETE, "/x", { method: "DELETE", params: { id: laptops.id } })).status).toBe(200);
    for (const base of [here, there]) {
      expect(await (await get(base, "/api/auth/session", laptop)).json()).toEqual({ authenticated: false, user: null });
      expect(await (await get(base, "/api/cart", laptop)).json()).toEqual([]);
    }
    expect((await (await get(there, "/api/auth/session", phone)).json()) as unknown).toMatchObject({ authenticated: true, user: { email } });
    // An edited cookie signs nobody in here either.
    const edited = store.client();
    edited.jar.set(
      SESSION_COOKIE,
      phone.jar.get(SESSION_COOKIE)!.replace(/^./, (c) => (c === "A" ? "B" : "A")),
    );
    expect(await (await get(here, "/api/auth/session", edited)).json()).toEqual({ authenticated: false, user: null });
  });

  it("answers the dashboard's GET /api/auth/user as the route does, 401 for a guest and an ended session, and leaves its PATCH to the route with its body", async () => {
    const here = await front(store.app);
    const email = await account();
    const laptop = await device(email);
    const phone = await device(email);
    const get = (browser?: Browser) => fetch(`${here}/api/auth/user`, { headers: browser ? { cookie: cookieOf(browser) } : {} });
    const withoutTime = ({ serverNow, ...rest }: { serverNow: string }) => (expect(Date.parse(serverNow)).not.toBeNaN(), rest);
    const answered = await get(laptop);
    expect(answered.status).toBe(200);
    expect(answered.headers.get("cache-control")).toBe("no-store");
    expect(withoutTime(await answered.json())).toEqual(withoutTime((await laptop.call(authUser.GET, "/api/auth/user")).body));
    const guest = await get();
    expect(guest.status).toBe(401);
    expect(await guest.json()).toEqual({ error: expect.any(String) });

    const renamed = await fetch(`${here}/api/auth/user`, {
      method: "PATCH",
      headers: { cookie: cookieOf(laptop), "content-type": "application/json", origin: here },
      body: JSON.stringify({ firstName: "Robin" }),
    });
    expect(renamed.status).toBe(200);
    expect(((await (await get(laptop)).json()) as { firstName: string }).firstName).toBe("Robin");

    const listed = (await phone.call(sessions.GET, "/api/auth/sessions")).body as { id: string; current: boolean }[];
    expect((await phone.call(endSession.DELETE, "/x", { method: "DELETE", params: { id: listed.find((s) => !s.current)!.id } })).status).toBe(200);
    expect((await get(laptop)).status).toBe(401);
  });
});
