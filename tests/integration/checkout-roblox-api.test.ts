import { describe, expect, it } from "vitest";
import * as robloxAccount from "#src/pages/api/account/roblox.ts";
import * as authUser from "#src/pages/api/auth/user.ts";
import * as adminOrders from "#src/pages/api/admin/orders.ts";
import * as cart from "#src/pages/api/cart/index.ts";
import * as prepare from "#src/pages/api/checkout/prepare.ts";
import * as orders from "#src/pages/api/orders/index.ts";
import * as productById from "#src/pages/api/products/[id].ts";
import { captureCall, claimFor, preparedPayment, product, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp } from "./helpers/test-app.ts";
import { countRows } from "./helpers/row-count.ts";

// Roblox's directory as checkout uses it (issue 49), against the fixture server (tests/fixtures/roblox).
const store = await createTestApp({ env: { ROBLOX_TIMEOUT_SECONDS: "0.3" } });
const admin = await signInAdmin(store);
let n = 0;
const shopper = () => signIn(store, `roblox${++n}@shop.test`);
const count = (table: "checkouts" | "orders") => countRows(store.app.db, table);

async function inCart(browser: Awaited<ReturnType<typeof shopper>>, name = "Dragon Fruit (Permanent)") {
  const { id } = await product(store, name);
  expect((await browser.call(cart.POST, "/api/cart", { body: { productId: id, quantity: 1 } })).status).toBeLessThan(300);
  return id;
}

describe("checkout's Roblox recipient", () => {
  it("refuses an unknown account (422 roblox_user_not_found) and a banned one before any checkout or payment exists", async () => {
    const buyer = await shopper();
    await inCart(buyer);
    const [checkouts, placed] = [await count("checkouts"), await count("orders")];
    const unknown = await buyer.call(prepare.POST, "/api/checkout/prepare", { body: await claimFor(buyer, { robloxUsername: "Nobody_Here" }) });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ code: "roblox_user_not_found", error: expect.any(String) });
    const banned = await buyer.call(prepare.POST, "/api/checkout/prepare", { body: await claimFor(buyer, { robloxUsername: "Banned_Trader" }) });
    expect(banned.status).toBe(422);
    expect(banned.body).toMatchObject({ code: "roblox_user_banned" });
    expect([await count("checkouts"), await count("orders")]).toEqual([checkouts, placed]);
  });

  it("keeps the account's id, Roblox's spelling, display name and avatar on the paid order, for the shopper and staff", async () => {
    const buyer = await shopper();
    const { id } = await product(store, "Kitsune Fruit (Permanent)");
    const { paymentId } = await preparedPayment(buyer, id, 1, { robloxUsername: "builder_42" });
    expect((await captureCall(buyer, paymentId)).status).toBe(201);
    const expected = {
      userId: 4212042,
      name: "Builder_42",
      displayName: "Builder",
      avatarUrl: expect.stringMatching(/^https:\/\/tr\.rbxcdn\.com\//),
      verified: true,
      proof: "typed",
      flag: null,
      renamedTo: null,
    };
    const mine = (await buyer.call(orders.GET, "/api/orders")).body[0];
    expect(mine).toMatchObject({ robloxUsername: "Builder_42", roblox: expected });
    // What was ticked, as its text read when paid.
    expect(mine.acknowledgedRequirements).toEqual([
      { code: "blox-fruits-second-sea", text: expect.stringContaining("Second Sea") },
      { code: "trades-enabled", text: expect.stringContaining("Trading is allowed") },
    ]);
    const staff = (await admin.call(adminOrders.GET, "/api/admin/orders", { query: { search: mine.id } })).body;
    const seen = (Array.isArray(staff) ? staff : staff.orders).find((o: { id: string }) => o.id === mine.id);
    expect(seen.roblox).toEqual(expected);
  });

  it("goes on 'not checked' when Roblox cannot be reached, and the order says so", async () => {
    const buyer = await shopper();
    const { id } = await product(store, "Leopard Fruit (Permanent)");
    store.roblox.down();
    try {
      const { paymentId, prepared } = await preparedPayment(buyer, id, 1, { robloxUsername: "Offline_Kid" });
      expect(prepared.robloxUsername).toBe("Offline_Kid");
      expect((await captureCall(buyer, paymentId)).status).toBe(201);
    } finally {
      store.roblox.up();
    }
    const mine = (await buyer.call(orders.GET, "/api/orders")).body[0];
    expect(mine.roblox).toEqual({
      userId: null,
      name: "Offline_Kid",
      displayName: null,
      avatarUrl: null,
      verified: false,
      proof: "typed",
      flag: null,
      renamedTo: null,
    });
  });
});

describe("the requirements of the cart's items", () => {
  it("are in the product answer (its game's, then its own) with its delivery method", async () => {
    const { id } = await product(store, "Buddha Fruit (Permanent)");
    const shown = await store.call(productById.GET, `/api/products/${id}`, { params: { id } });
    expect(shown.body.deliveryMethod).toBe("trade");
    expect(shown.body.requirements.map((r: { code: string }) => r.code)).toEqual(["blox-fruits-second-sea", "trades-enabled"]);
    const gamepass = await product(store, "2x Mastery Gamepass");
    const pass = await store.call(productById.GET, `/api/products/${gamepass.id}`, { params: { id: gamepass.id } });
    expect(pass.body).toMatchObject({ deliveryMethod: "gift", requirements: [] });
  });

  it("must each be acknowledged before prepare (422 with the missing codes, nothing held), and the order keeps them", async () => {
    const buyer = await shopper();
    await inCart(buyer, "Buddha Fruit (Permanent)");
    const checkouts = await count("checkouts");
    const refused = await buyer.call(prepare.POST, "/api/checkout/prepare", {
      body: await claimFor(buyer, { acknowledgedRequirements: ["trades-enabled"] }),
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: "requirements_not_acknowledged", missing: ["blox-fruits-second-sea"] });
    expect(await count("checkouts")).toBe(checkouts);
    const ok = await buyer.call(prepare.POST, "/api/checkout/prepare", {
      body: await claimFor(buyer, { acknowledgedRequirements: ["trades-enabled", "blox-fruits-second-sea"] }),
    });
    expect(ok.status).toBe(201);
  });
});

describe("the shopper's saved Roblox account", () => {
  const save = (browser: ReturnType<typeof store.client>, username: string) =>
    browser.call(robloxAccount.PUT, "/api/account/roblox", { method: "PUT", body: { username } });
  const savedName = async (userId: string) =>
    (await store.app.db.selectFrom("user").select("robloxUsername").where("id", "=", userId).executeTakeFirstOrThrow()).robloxUsername;

  it("is checked at Roblox and kept as Roblox spells it; unknown and banned accounts are refused at the field and nothing is kept", async () => {
    const buyer = await shopper();
    const saved = await save(buyer, "builder_42");
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ robloxUsername: "Builder_42", id: 4212042, verified: true });
    expect(await savedName(buyer.userId)).toBe("Builder_42");
    const unknown = await save(buyer, "Nobody_Here");
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ code: "roblox_user_not_found" });
    expect((await save(buyer, "Banned_Trader")).body).toMatchObject({ code: "roblox_user_banned" });
    expect((await save(buyer, "not a name!")).status).toBe(400);
    expect(await savedName(buyer.userId)).toBe("Builder_42");
    // The session's user (what the checkout page prefills from) carries it.
    expect((await buyer.call(authUser.GET, "/api/auth/user")).body.robloxUsername).toBe("Builder_42");
    expect((await buyer.call(robloxAccount.DELETE, "/api/account/roblox", { method: "DELETE" })).status).toBe(204);
    expect(await savedName(buyer.userId)).toBeNull();
  });

  it("needs a signed-in shopper", async () => {
    expect((await save(store.client(), "Builder_42")).status).toBe(401);
  });
});
