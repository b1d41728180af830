import { describe, expect, it } from "vitest";
import * as loginUser from "#src/pages/api/auth/login-user.ts";
import * as register from "#src/pages/api/auth/register.ts";
import * as cartItem from "#src/pages/api/cart/[id].ts";
import * as cart from "#src/pages/api/cart/index.ts";
import * as productApi from "#src/pages/api/products/[id].ts";
import * as wishlistItem from "#src/pages/api/wishlist/[id].ts";
import * as wishlist from "#src/pages/api/wishlist/index.ts";
import { PASSWORD, product, setStock, signIn } from "./helpers/shoppers.ts";
import { createTestApp } from "./helpers/test-app.ts";

const store = await createTestApp();

describe("the cart API", () => {
  it("keeps a guest's cart by visitor cookie: add, add again onto the line, change, remove, clear", async () => {
    const guest = store.client();
    const dough = await product(store, "Dough Fruit (Permanent)");
    const pass = await product(store, "2x Mastery Gamepass");
    expect((await guest.call(cart.GET, "/api/cart")).body).toEqual([]);

    const added = await guest.call(cart.POST, "/api/cart", { body: { productId: dough.id, quantity: 2 } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      id: expect.any(String),
      productId: dough.id,
      quantity: 2,
      product: { name: "Dough Fruit (Permanent)", price: "12.99", stock: 40 },
    });
    const again = await guest.call(cart.POST, "/api/cart", { body: { productId: dough.id, quantity: 3 } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: added.body.id, quantity: 5 });
    await guest.call(cart.POST, "/api/cart", { body: { productId: pass.id } });

    const changed = await guest.call(cartItem.PATCH, `/api/cart/${added.body.id}`, { method: "PATCH", params: { id: added.body.id }, body: { quantity: 40 } });
    expect(changed.status).toBe(200);
    expect(changed.body.quantity).toBe(40);
    expect((await guest.call(cart.GET, "/api/cart")).body.map((i: any) => [i.product.name, i.quantity])).toEqual([
      ["Dough Fruit (Permanent)", 40],
      ["2x Mastery Gamepass", 1],
    ]);

    expect((await guest.call(cartItem.DELETE, `/api/cart/${added.body.id}`, { method: "DELETE", params: { id: added.body.id } })).status).toBe(204);
    expect((await guest.call(cart.GET, "/api/cart")).body).toHaveLength(1);
    expect((await guest.call(cart.DELETE, "/api/cart", { method: "DELETE" })).status).toBe(204);
    expect((await guest.call(cart.GET, "/api/cart")).body).toEqual([]);
  });

  it("records CartItemAdded in the same transaction as the line, with the visitor", async () => {
    const guest = store.client();
    const pass = await product(store, "Fast Boats Gamepass");
    const before = await store.app.db.selectFrom("events").select("id").where("type", "=", "CartItemAdded").execute();
    await guest.call(cart.POST, "/api/cart", { body: { productId: pass.id, quantity: 2 } });
    const events = await store.app.db.selectFrom("events").selectAll().where("type", "=", "CartItemAdded").orderBy("id").execute();
    expect(events).toHaveLength(before.length + 1);
    expect(JSON.parse(events.at(-1)!.payload)).toEqual({ productId: pass.id, productName: "Fast Boats Gamepass", quantity: 2, price: 349 });
    expect(events.at(-1)!.visitorId).toEqual(expect.any(String));
    // A refused add records nothing.
    await guest.call(cart.POST, "/api/cart", { body: { productId: pass.id, quantity: 1000 } });
    expect(await store.app.db.selectFrom("events").select("id").where("type", "=", "CartItemAdded").execute()).toHaveLength(before.length + 1);
  });

  it("refuses quantities outside 1..stock, out-of-stock and unknown products with clear 4xx, changing nothing", async () => {
    const guest = store.client();
    const leopard = await product(store, "Leopard Fruit (Permanent)");
    const control = await product(store, "Control Fruit (Permanent)");
    const cases: [unknown, number, RegExp][] = [
      [{ productId: leopard.id, quantity: -1 }, 400, /^Quantity must be at least 1/],
      [{ productId: leopard.id, quantity: 0 }, 400, /at least 1/],
      [{ productId: leopard.id, quantity: 1.5 }, 400, /whole number/],
      [{ productId: leopard.id, quantity: "2" }, 400, /must be a number/],
      [{ productId: leopard.id, quantity: 26 }, 409, /Only 25 of Leopard Fruit \(Permanent\) available/],
      [{ productId: control.id, quantity: 1 }, 409, /Control Fruit \(Permanent\) is out of stock/],
      [{ productId: "no-such-product", quantity: 1 }, 404, /Product not found/],
      [{ quantity: 1 }, 400, /Product id is required/],
    ];
    for (const [body, status, message] of cases) {
      const res = await guest.call(cart.POST, "/api/cart", { body });
      expect([res.status, res.body.error]).toEqual([status, expect.stringMatching(message)]);
    }
    // Sold out and short say so in their code, not only in words.
    expect((await guest.call(cart.POST, "/api/cart", { body: { productId: control.id, quantity: 1 } })).body.code).toBe("out_of_stock");
    expect((await guest.call(cart.POST, "/api/cart", { body: { productId: leopard.id, quantity: 26 } })).body.code).toBe("not_enough_stock");
    expect((await guest.call(cart.POST, "/api/cart", { rawBody: "{nope" })).status).toBe(400);
    expect((await guest.call(cart.GET, "/api/cart")).body).toEqual([]);

    const line = (await guest.call(cart.POST, "/api/cart", { body: { productId: leopard.id, quantity: 1 } })).body;
    for (const quantity of [0, -3, 2.5, 26]) {
      const res = await guest.call(cartItem.PATCH, `/api/cart/${line.id}`, { method: "PATCH", params: { id: line.id }, body: { quantity } });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect((await guest.call(cart.GET, "/api/cart")).body[0].quantity).toBe(1);
  });

  it("never shows or changes another visitor's cart lines (404)", async () => {
    const owner = store.client();
    const stranger = store.client();
    const fruit = await product(store, "Buddha Fruit (Permanent)");
    const line = (await owner.call(cart.POST, "/api/cart", { body: { productId: fruit.id, quantity: 1 } })).body;
    expect((await stranger.call(cart.GET, "/api/cart")).body).toEqual([]);
    const patch = await stranger.call(cartItem.PATCH, `/api/cart/${line.id}`, { method: "PATCH", params: { id: line.id }, body: { quantity: 2 } });
    expect([patch.status, patch.body.error]).toEqual([404, "This item is not in your cart"]);
    expect((await stranger.call(cartItem.DELETE, `/api/cart/${line.id}`, { method: "DELETE", params: { id: line.id } })).status).toBe(404);
    await stranger.call(cart.DELETE, "/api/cart", { method: "DELETE" });
    expect((await owner.call(cart.GET, "/api/cart")).body).toEqual([expect.objectContaining({ id: line.id, quantity: 1 })]);
  });

  it("moves a guest's cart and wishlist into the account at sign-in: one line per product, capped at stock, no duplicates", async () => {
    const kitsune = await product(store, "Kitsune Fruit (Permanent)"); // stock 8
    const boats = await product(store, "VIP Gamepass");
    // The account already has 5 Kitsune and Kitsune in its wishlist.
    const email = "merge@shop.test";
    const earlier = await signIn(store, email);
    await earlier.call(cart.POST, "/api/cart", { body: { productId: kitsune.id, quantity: 5 } });
    await earlier.call(wishlist.POST, "/api/wishlist", { body: { productId: kitsune.id, userId: null } });

    const browser = store.client();
    await browser.call(cart.POST, "/api/cart", { body: { productId: kitsune.id, quantity: 6 } });
    await browser.call(cart.POST, "/api/cart", { body: { productId: boats.id, quantity: 2 } });
    await browser.call(wishlist.POST, "/api/wishlist", { body: { productId: kitsune.id, userId: null } });
    await browser.call(wishlist.POST, "/api/wishlist", { body: { productId: boats.id, userId: null } });
    expect((await browser.call(loginUser.POST, "/api/auth/login-user", { body: { email, password: PASSWORD } })).status).toBe(200);

    const lines = (await browser.call(cart.GET, "/api/cart")).body.map((i: any) => [i.product.name, i.quantity]);
    expect(lines.sort()).toEqual([
      ["Kitsune Fruit (Permanent)", 8],
      ["VIP Gamepass", 2],
    ]);
    const wished = (await browser.call(wishlist.GET, "/api/wishlist")).body;
    expect(wished.map((i: any) => i.product.name).sort()).toEqual(["Kitsune Fruit (Permanent)", "VIP Gamepass"]);
    expect(wished.every((i: any) => i.userId === earlier.userId)).toBe(true);
    // Nothing is left behind under the visitor id, and the same account sees the merged cart elsewhere.
    expect(await store.app.db.selectFrom("cart_items").select("id").where("visitorId", "is not", null).where("productId", "=", boats.id).execute()).toEqual([]);
    expect((await earlier.call(cart.GET, "/api/cart")).body).toHaveLength(2);
  });

  it("shows other shoppers the stock that checkout holds do not keep", async () => {
    const fruit = await product(store, "Huge Cat"); // stock 10
    const holder = await signIn(store, "holder@shop.test");
    await holder.call(cart.POST, "/api/cart", { body: { productId: fruit.id, quantity: 4 } });
    const { claimFor } = await import("./helpers/shoppers.ts");
    const prepare = await import("#src/pages/api/checkout/prepare.ts");
    expect((await holder.call(prepare.POST, "/api/checkout/prepare", { body: await claimFor(holder) })).status).toBe(201);
    const seen = await store.call(productApi.GET, `/api/products/${fruit.id}`, { params: { id: fruit.id } });
    expect(seen.body.stock).toBe(6);
    const other = store.client();
    const tooMany = await other.call(cart.POST, "/api/cart", { body: { productId: fruit.id, quantity: 7 } });
    expect([tooMany.status, tooMany.body.error]).toEqual([409, "Only 6 of Huge Cat available"]);
    // The holder's own cart still offers them what they hold.
    expect((await holder.call(cart.GET, "/api/cart")).body[0].product.stock).toBe(10);
    await setStock(store, fruit.id, 10);
  });
});

describe("the wishlist API", () => {
  it("adds once (201, then 200 with the same item), lists with the product, removes only the owner's", async () => {
    const guest = store.client();
    const fruit = await product(store, "Dragon Fruit (Permanent)");
    const first = await guest.call(wishlist.POST, "/api/wishlist", { body: { productId: fruit.id, userId: null } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ id: expect.any(String), productId: fruit.id, userId: null, product: { name: "Dragon Fruit (Permanent)" } });
    const again = await guest.call(wishlist.POST, "/api/wishlist", { body: { productId: fruit.id, userId: null } });
    expect([again.status, again.body.id]).toEqual([200, first.body.id]);
    expect((await guest.call(wishlist.GET, "/api/wishlist")).body).toHaveLength(1);

    const stranger = store.client();
    expect((await stranger.call(wishlistItem.DELETE, `/api/wishlist/${first.body.id}`, { method: "DELETE", params: { id: first.body.id } })).status).toBe(404);
    expect((await guest.call(wishlistItem.DELETE, `/api/wishlist/${first.body.id}`, { method: "DELETE", params: { id: first.body.id } })).status).toBe(204);
    expect((await guest.call(wishlist.GET, "/api/wishlist")).body).toEqual([]);
  });

  it("ignores a forged userId: the owner is always the session", async () => {
    const victim = await signIn(store, "victim@shop.test");
    const attacker = store.client();
    const fruit = await product(store, "Leopard Fruit (Permanent)");
    const res = await attacker.call(wishlist.POST, "/api/wishlist", { body: { productId: fruit.id, userId: victim.userId } });
    expect(res.body.userId).toBeNull();
    expect((await victim.call(wishlist.GET, "/api/wishlist")).body).toEqual([]);
  });

  it("refuses unknown products and bad input", async () => {
    expect((await store.call(wishlist.POST, "/api/wishlist", { body: { productId: "nope" } })).status).toBe(404);
    expect((await store.call(wishlist.POST, "/api/wishlist", { body: {} })).status).toBe(400);
  });
});

// Registration must stay untouched by the shopping merge (a sign-up alone merges nothing).
describe("registration without sign-in", () => {
  it("leaves the guest's cart with the guest", async () => {
    const guest = store.client();
    const fruit = await product(store, "Buddha Fruit (Permanent)");
    await guest.call(cart.POST, "/api/cart", { body: { productId: fruit.id, quantity: 1 } });
    await guest.call(register.POST, "/api/auth/register", {
      body: { birthDate: "1990-01-01", acceptTerms: true, email: "notyet@shop.test", password: PASSWORD },
    });
    expect((await guest.call(cart.GET, "/api/cart")).body).toHaveLength(1);
  });
});
