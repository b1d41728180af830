import { describe, expect, it } from "vitest";
import * as productById from "#src/pages/api/admin/products/[id].ts";
import * as productsAdmin from "#src/pages/api/admin/products/index.ts";
import * as cart from "#src/pages/api/cart/index.ts";
import * as prepare from "#src/pages/api/checkout/prepare.ts";
import * as products from "#src/pages/api/products/index.ts";
import { PRODUCTS_KEY } from "#src/stores/admin-catalogue.ts";
import { claimFor, product, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

const store = await createTestApp();
const admin = await signInAdmin(store);

describe(`GET /api/admin/products (the admin panel's product list) on ${TEST_DATABASE}`, () => {
  it("regression: the admin product editor read the available stock (stock minus shoppers' checkout holds) and saved it back as on-hand stock", async () => {
    const pack = await product(store, "1,700 Robux Pack");
    const onHand = pack.stock;
    // A shopper's prepared checkout holds 3 units.
    const buyer = await signIn(store, "holder@shop.test");
    expect((await buyer.call(cart.POST, "/api/cart", { body: { productId: pack.id, quantity: 3 } })).status).toBeLessThan(300);
    expect((await buyer.call(prepare.POST, "/api/checkout/prepare", { body: await claimFor(buyer) })).status).toBe(201);

    // Shoppers see what they may buy...
    const shopperView = (await store.call(products.GET, "/api/products")).body.find((p: { id: string }) => p.id === pack.id);
    expect(shopperView.stock).toBe(onHand - 3);
    // ...the admin panel sees the real stock, in the same shape, with what its editor changes (issue 49).
    const res = await admin.call(productsAdmin.GET, "/api/admin/products");
    expect(res.status).toBe(200);
    const adminView = res.body.find((p: { id: string }) => p.id === pack.id);
    expect(adminView).toEqual({
      ...shopperView,
      stock: onHand,
      requirements: expect.any(Array),
      deliveryMethod: expect.any(String),
      deliveryMinutes: null,
      robuxAmount: null,
    });
    expect(res.body.map((p: { id: string }) => p.id)).toEqual((await store.call(products.GET, "/api/products")).body.map((p: { id: string }) => p.id));

    // The admin panel's product store reads this endpoint, not the shoppers' one.
    expect(PRODUCTS_KEY).toBe("/api/admin/products");

    // Saving the editor's figure back (as the product form does) keeps the on-hand stock.
    const saved = await admin.call(productById.PATCH, "/x", {
      method: "PATCH",
      params: { id: pack.id },
      body: { name: adminView.name, stock: adminView.stock },
    });
    expect(saved.status).toBe(200);
    expect((await product(store, "1,700 Robux Pack")).stock).toBe(onHand);
  });

  it("is for administrators only: guests 401, shoppers 403", async () => {
    expect((await store.call(productsAdmin.GET, "/api/admin/products")).status).toBe(401);
    const shopper = await signIn(store, "curious@shop.test");
    expect((await shopper.call(productsAdmin.GET, "/api/admin/products")).status).toBe(403);
  });
});
