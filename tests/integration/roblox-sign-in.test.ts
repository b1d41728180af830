import { afterAll, describe, expect, it } from "vitest";
import * as adminOrders from "#src/pages/api/admin/orders.ts";
import * as authCatchAll from "#src/pages/api/auth/[...path].ts";
import * as robloxSignIn from "#src/pages/api/auth/roblox/index.ts";
import * as robloxLink from "#src/pages/api/auth/roblox/link.ts";
import * as authUser from "#src/pages/api/auth/user.ts";
import * as orders from "#src/pages/api/orders/index.ts";
import { linkedRobloxUserId } from "#read-models/accounts/linked-roblox-account.query.ts";
import { startRobloxOAuthFixtureServer } from "../support/roblox-oauth-fixture-server.ts";
import { captureCall, preparedPayment, product, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp } from "./helpers/test-app.ts";

// Sign in with Roblox (better-auth's Roblox provider) against a local server replaying Roblox's
// OAuth 2.0 answers (tests/support/roblox-oauth-fixture-server.ts), pointed to by ROBLOX_OAUTH_URL.
const CLIENT = { clientId: "816547628409595165403873012", clientSecret: "RBX-fixture-secret" };
const oauth = await startRobloxOAuthFixtureServer(CLIENT);
afterAll(() => oauth.close());
const store = await createTestApp({
  env: { ROBLOX_CLIENT_ID: CLIENT.clientId, ROBLOX_CLIENT_SECRET: CLIENT.clientSecret, ROBLOX_OAUTH_URL: oauth.url },
});
const admin = await signInAdmin(store);
type Browser = ReturnType<typeof store.client>;

/** The browser's trip: our start route, Roblox's consent screen (the fixture), our callback. Answers where it lands. */
async function throughRoblox(browser: Browser, start: Promise<{ status: number; headers: Headers }>): Promise<string> {
  const started = await start;
  expect(started.status).toBe(302);
  const authorize = new URL(started.headers.get("location")!);
  expect(authorize.origin + authorize.pathname).toBe(`${oauth.url}/v1/authorize`);
  expect(authorize.searchParams.get("client_id")).toBe(CLIENT.clientId);
  const consent = await fetch(authorize, { redirect: "manual" });
  expect(consent.status).toBe(302);
  const callback = new URL(consent.headers.get("location")!);
  expect(callback.pathname).toBe("/api/auth/callback/roblox");
  const query = Object.fromEntries(callback.searchParams);
  const back = await browser.call(authCatchAll.GET, "/api/auth/callback/roblox", { params: { path: "callback/roblox" }, query });
  expect(back.status).toBe(302);
  return back.headers.get("location")!;
}

describe("Sign in with Roblox", () => {
  it("links the shopper's Roblox account to their store account, and they then sign in with it", async () => {
    const shopper = await signIn(store, "linker@shop.test");
    const account = oauth.signInAs("Builder_42");
    const landed = await throughRoblox(shopper, shopper.call(robloxLink.GET, "/api/auth/roblox/link"));
    expect(landed).toContain("/dashboard?linked=roblox");
    expect(await linkedRobloxUserId(store.app.db, shopper.userId)).toBe(account.id);

    // A fresh browser signs in with the linked Roblox account: the same store account.
    const browser = store.client();
    expect(await throughRoblox(browser, browser.call(robloxSignIn.GET, "/api/auth/roblox", { query: { redirect: "/checkout" } }))).toContain("/checkout");
    expect((await browser.call(authUser.GET, "/api/auth/user")).body).toMatchObject({ id: shopper.userId, email: "linker@shop.test" });
  });

  it("makes no store account from an unlinked Roblox account: back to the login page with a message", async () => {
    oauth.signInAs("Unlinked_Kid");
    const browser = store.client();
    const landed = await throughRoblox(browser, browser.call(robloxSignIn.GET, "/api/auth/roblox", { query: { redirect: "/checkout" } }));
    expect(landed).toContain("/login?error=roblox_failed");
    expect((await browser.call(authUser.GET, "/api/auth/user")).status).toBe(401);
  });

  it("records a linked account as proof, and a typed name as a claim, on the order staff see", async () => {
    const shopper = await signIn(store, "proven@shop.test");
    oauth.signInAs("Builder_42");
    // Builder_42 is linked to linker@ already: one Roblox account links to one store account.
    expect(await throughRoblox(shopper, shopper.call(robloxLink.GET, "/api/auth/roblox/link"))).toContain("/dashboard?error=roblox_link_failed");
    const mine = oauth.signInAs("Proven_Player");
    expect(await throughRoblox(shopper, shopper.call(robloxLink.GET, "/api/auth/roblox/link"))).toContain("/dashboard?linked=roblox");
    const { id } = await product(store, "Dragon Fruit (Permanent)");
    for (const name of ["proven_player", "Builder_42"]) {
      const { paymentId } = await preparedPayment(shopper, id, 1, { robloxUsername: name });
      expect((await captureCall(shopper, paymentId)).status).toBe(201);
    }
    const [typed, linked] = (await shopper.call(orders.GET, "/api/orders")).body as { id: string; roblox: { proof: string; userId: number } }[];
    expect(linked!.roblox).toMatchObject({ userId: mine.id, proof: "linked" });
    expect(typed!.roblox).toMatchObject({ proof: "typed" });
    const staff = (await admin.call(adminOrders.GET, "/api/admin/orders", { query: { search: linked!.id } })).body;
    expect((Array.isArray(staff) ? staff : staff.orders).find((o: { id: string }) => o.id === linked!.id).roblox.proof).toBe("linked");
  });

  it("needs a signed-in shopper to link", async () => {
    expect((await store.client().call(robloxLink.GET, "/api/auth/roblox/link")).status).toBe(401);
  });
});

describe("Sign in with Roblox, not configured", async () => {
  const plain = await createTestApp({ seed: false });
  it("sends the browser back to /login with a message", async () => {
    const res = await plain.call(robloxSignIn.GET, "/api/auth/roblox", { query: { redirect: "/checkout" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?error=roblox_unavailable&redirect=%2Fcheckout");
    expect(plain.config.roblox.signIn).toBeNull();
  });
});
