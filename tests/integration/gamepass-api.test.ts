import { describe, expect, it } from "vitest";
import * as gamePassCheck from "#src/pages/api/roblox/gamepass-check.ts";
import * as productsAdmin from "#src/pages/api/admin/products/index.ts";
import * as productById from "#src/pages/api/products/[id].ts";
import * as cart from "#src/pages/api/cart/index.ts";
import * as prepare from "#src/pages/api/checkout/prepare.ts";
import * as orders from "#src/pages/api/orders/index.ts";
import * as orderStatus from "#src/pages/api/orders/[id]/status.ts";
import * as timeline from "#src/pages/api/orders/[id]/timeline.ts";
import * as confirm from "#src/pages/api/orders/[id]/confirm.ts";
import { captureCall, claimFor, product, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";
import { countRows } from "./helpers/row-count.ts";
import * as paypalOrder from "#src/pages/paypal/order/index.ts";

// Robux by gamepass through the API, against the Roblox fixture server's game passes
// (tests/fixtures/roblox/game-passes.json: 7001 is right for 700 Robux to Builder_42).
const store = await createTestApp({ env: { ROBLOX_TIMEOUT_SECONDS: "0.3", ROBLOX_PENDING_DAYS: "5" } });
const admin = await signInAdmin(store);
let n = 0;
const shopper = () => signIn(store, `robux${++n}@shop.test`);
const { gameId: gameOfRobux } = await product(store, "1,700 Robux Pack");

async function robuxProduct(robuxAmount: number) {
  const made = await admin.call(productsAdmin.POST, "/api/admin/products", {
    body: {
      name: `${robuxAmount} Robux (${++n})`,
      gameId: gameOfRobux,
      category: "Robux",
      price: "9.99",
      image: "/img/item/robux.svg",
      deliveryMethod: "gamepass",
      robuxAmount,
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { id: string; robuxAmount: number };
}

const check = (body: Record<string, unknown>, browser = store.client()) => browser.call(gamePassCheck.POST, "/api/roblox/gamepass-check", { body });

describe(`Robux by gamepass on ${TEST_DATABASE}`, () => {
  it("keeps a product's deliveryMethod gamepass and robuxAmount, shown by GET /api/products/{id}; refuses a bad amount", async () => {
    const made = await robuxProduct(700);
    expect(made).toMatchObject({ deliveryMethod: "gamepass", robuxAmount: 700 });
    const shown = (await store.call(productById.GET, "/x", { params: { id: made.id } })).body;
    expect(shown).toMatchObject({ deliveryMethod: "gamepass", robuxAmount: 700 });
    const bad = await admin.call(productsAdmin.POST, "/api/admin/products", {
      body: { name: "Bad Robux", gameId: gameOfRobux, category: "Robux", price: "1.00", image: "/img/item/x.svg", deliveryMethod: "gamepass", robuxAmount: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ fields: { robuxAmount: expect.any(String) } });
    // Another method has no amount, whatever is sent.
    const trade = await admin.call(productsAdmin.POST, "/api/admin/products", {
      body: { name: "Traded", gameId: gameOfRobux, category: "Robux", price: "1.00", image: "/img/item/x.svg", deliveryMethod: "trade", robuxAmount: 50 },
    });
    expect(trade.body).toMatchObject({ robuxAmount: null });
  });

  it("POST /api/roblox/gamepass-check accepts the recipient's pass priced exactly ceil(amount / 0.7)", async () => {
    const ok = await check({ gamePass: "https://www.roblox.com/game-pass/7001/Robux-700", amount: 700, robloxUsername: "Builder_42" });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true, gamePassId: 7001, price: 1000 });
  });

  it("refuses each failing pass (422) with its code and a message with the fix", async () => {
    const refused = async (gamePass: string) => {
      const res = await check({ gamePass, amount: 700, robloxUsername: "Builder_42" });
      expect(res.status, gamePass).toBe(422);
      return res.body as { code: string; expectedPrice?: number; error: string };
    };
    expect(await refused("7002")).toMatchObject({
      code: "gamepass_price",
      expectedPrice: 1000,
      error: expect.stringContaining("Set the pass price to 1,000 Robux"),
    });
    expect(await refused("https://www.roblox.com/game-pass/7003")).toMatchObject({ code: "gamepass_not_yours" });
    expect(await refused("7004")).toMatchObject({ code: "gamepass_not_for_sale" });
    expect(await refused("7005")).toMatchObject({ code: "gamepass_regional_pricing", error: expect.stringContaining("Turn off Regional Pricing") });
    expect(await refused("424242")).toMatchObject({ code: "gamepass_not_found" });
    const notALink = await check({ gamePass: "https://example.com/game-pass/7001", amount: 700, robloxUsername: "Builder_42" });
    expect(notALink.status).toBe(400);
    expect(notALink.body).toMatchObject({ code: "gamepass_invalid" });
  });

  it("prepare of a cart with a Robux product needs the pass (gamepass_required) and refuses a wrong one the same way", async () => {
    const robux = await robuxProduct(700);
    const buyer = await shopper();
    expect((await buyer.call(cart.POST, "/api/cart", { body: { productId: robux.id, quantity: 1 } })).status).toBeLessThan(300);
    const before = await countRows(store.app.db, "checkouts");
    const missing = await buyer.call(prepare.POST, "/api/checkout/prepare", { body: await claimFor(buyer) });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ code: "gamepass_required", expectedPrice: 1000, fields: { gamePass: expect.any(String) } });
    const wrong = await buyer.call(prepare.POST, "/api/checkout/prepare", { body: await claimFor(buyer, { gamePass: "7002" }) });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: "gamepass_price", expectedPrice: 1000 });
    expect(await countRows(store.app.db, "checkouts")).toBe(before);
  });

  it("keeps the pass on the checkout and the order; staff buying it asks Roblox again, then the Robux are due after the pending days and the receipt waits", async () => {
    const robux = await robuxProduct(700);
    const buyer = await shopper();
    expect((await buyer.call(cart.POST, "/api/cart", { body: { productId: robux.id, quantity: 1 } })).status).toBeLessThan(300);
    const prepared = await buyer.call(prepare.POST, "/api/checkout/prepare", {
      body: await claimFor(buyer, { gamePass: "https://www.roblox.com/game-pass/7001/Robux-700" }),
    });
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(201);
    const kept = await store.app.db
      .selectFrom("checkouts")
      .select(["gamePassId", "gamePassPrice"])
      .where("id", "=", prepared.body.id)
      .executeTakeFirstOrThrow();
    expect({ id: Number(kept.gamePassId), price: kept.gamePassPrice }).toEqual({ id: 7001, price: 1000 });
    const pay = await buyer.call(paypalOrder.POST, "/paypal/order", { body: { amount: prepared.body.total, currency: "USD", intent: "CAPTURE" } });
    expect((await captureCall(buyer, pay.body.id as string)).status).toBe(201);
    const mine = (await buyer.call(orders.GET, "/api/orders")).body[0];
    expect(mine).toMatchObject({ gamePass: { id: 7001, price: 1000 }, robuxDueAt: null });

    const setStatus = (status: string) =>
      admin.call(orderStatus.PATCH, `/api/orders/${mine.id}/status`, { method: "PATCH", params: { id: mine.id }, body: { status } });
    // The buyer turned regional pricing on since checkout: staff are refused with the code.
    store.roblox.changePass(7001, { regionalPricing: true });
    const refused = await setStatus("completed");
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: "gamepass_regional_pricing" });
    store.roblox.changePass(7001, { regionalPricing: false });
    const before = Date.now();
    expect((await setStatus("completed")).status).toBe(200);
    const delivered = (await buyer.call(orders.GET, "/api/orders")).body[0];
    const due = new Date(delivered.robuxDueAt).getTime();
    expect(due - new Date(delivered.deliveredAt).getTime()).toBe(5 * 86_400_000);
    expect(due).toBeGreaterThanOrEqual(before + 5 * 86_400_000 - 1000);
    const lines = (await buyer.call(timeline.GET, `/api/orders/${mine.id}/timeline`, { params: { id: mine.id } })).body as { kind: string; text: string }[];
    expect(lines.find((l) => l.kind === "delivered")?.text).toContain(`should appear in your Roblox account by ${delivered.robuxDueAt.slice(0, 10)}`);
    // "Did you get it?" waits until the Robux are due.
    const early = await buyer.call(confirm.POST, `/api/orders/${mine.id}/confirm`, { method: "POST", params: { id: mine.id }, body: { received: true } });
    expect(early.status).toBe(409);
  });
  // Last: after a failure the adapters leave Roblox alone for 30 seconds.
  it("answers 503 gamepass_uncheckable while Roblox cannot be reached", async () => {
    store.roblox.down();
    try {
      const res = await check({ gamePass: "7001", amount: 700, robloxUsername: "Builder_42" });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: "gamepass_uncheckable", error: expect.stringContaining("try again") });
    } finally {
      store.roblox.up();
    }
  });
});
