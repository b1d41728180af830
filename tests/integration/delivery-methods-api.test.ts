import { describe, expect, it } from "vitest";
import * as deliveryMethods from "#src/pages/api/admin/settings/delivery-methods.ts";
import * as cart from "#src/pages/api/cart/index.ts";
import * as prepare from "#src/pages/api/checkout/prepare.ts";
import { claimFor, product, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

// Delivery methods are data: the owner pauses one (GET/PUT /api/admin/settings/delivery-methods)
// and checkout refuses a cart that needs it until it is resumed.
const store = await createTestApp();
const admin = await signInAdmin(store);
const pause = (paused: unknown) => admin.call(deliveryMethods.PUT, "/api/admin/settings/delivery-methods", { method: "PUT", body: { paused } });

describe(`paused delivery methods on ${TEST_DATABASE}`, () => {
  it("are none until saved, are kept once each, and refuse an unknown method (400)", async () => {
    expect((await admin.call(deliveryMethods.GET, "/api/admin/settings/delivery-methods")).body).toEqual({ paused: [] });
    const saved = await pause(["gamepass", "gift", "gamepass"]);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ paused: ["gift", "gamepass"] });
    expect((await pause(["teleport"])).status).toBe(400);
    expect((await admin.call(deliveryMethods.GET, "/api/admin/settings/delivery-methods")).body).toEqual({ paused: ["gift", "gamepass"] });
    expect((await pause([])).body).toEqual({ paused: [] });
  });

  it("make checkout refuse a cart with a product of a paused method (409), and let it through once resumed", async () => {
    const buyer = await signIn(store, "paused-methods@shop.test");
    const pack = await product(store, "1,700 Robux Pack");
    expect((await buyer.call(cart.POST, "/api/cart", { body: { productId: pack.id, quantity: 1 } })).status).toBeLessThan(300);
    await pause(["gamepass"]);
    const refused = await buyer.call(prepare.POST, "/api/checkout/prepare", { body: await claimFor(buyer) });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "delivery_method_paused", deliveryMethod: "gamepass", error: expect.stringContaining("1,700 Robux Pack") });
    await pause([]);
    expect((await buyer.call(prepare.POST, "/api/checkout/prepare", { body: await claimFor(buyer) })).status).toBe(201);
  });
});
