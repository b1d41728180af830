import { describe, expect, it } from "vitest";
import * as cartItem from "#src/pages/api/cart/[id].ts";
import * as cart from "#src/pages/api/cart/index.ts";
import * as prepare from "#src/pages/api/checkout/prepare.ts";
import * as products from "#src/pages/api/products/index.ts";
import { manualClock } from "../fakes/in-memory-shopping.ts";
import { claimFor, signIn } from "./helpers/shoppers.ts";
import { createTestApp } from "./helpers/test-app.ts";

// Issue 17, denial of inventory (OWASP OAT-021): one free account put every product in its cart at
// full stock and prepared checkouts it never paid for, taking the demo catalogue (8,641 units) off
// sale for 15 minutes at a time, renewable for ever. Default caps: 10 of a product, 30 in all.
const clock = manualClock("2026-11-21T10:00:00.000Z");
const store = await createTestApp({ clock });
const MINUTE = 60_000;

type Browser = Awaited<ReturnType<typeof signIn>>;
const listed = async () => (await store.call(products.GET, "/api/products")).body as { id: string; stock: number }[];
const onSale = async () => (await listed()).reduce((sum, p) => sum + p.stock, 0);
const lines = async (b: Browser) => (await b.call(cart.GET, "/api/cart")).body as { id: string; quantity: number }[];
const prepareNow = async (b: Browser) => b.call(prepare.POST, "/api/checkout/prepare", { body: await claimFor(b) });

describe("denial of inventory", () => {
  it("one account cannot take more than the cap (30 units) off sale, however it fills its cart", async () => {
    const hoarder = await signIn(store, "hoarder@shop.test", store.client({ ip: "203.0.113.50" }));
    const before = await onSale();
    for (const p of await listed()) if (p.stock > 0) await hoarder.call(cart.POST, "/api/cart", { body: { productId: p.id, quantity: p.stock } });

    const everything = await prepareNow(hoarder);
    expect(everything.status).toBe(409);
    expect(everything.body.error).toMatch(/^You can buy at most 10 of .+ in one order\. Please lower the quantity in your cart\.$/);
    expect(await onSale()).toBe(before);

    // Within the per-product cap but over the total: still nothing held.
    for (const line of await lines(hoarder))
      await hoarder.call(cartItem.PATCH, "/x", { method: "PATCH", params: { id: line.id }, body: { quantity: Math.min(line.quantity, 10) } });
    const overTotal = await prepareNow(hoarder);
    expect(overTotal.status).toBe(409);
    expect(overTotal.body.error).toMatch(/^One order can hold at most 30 items and your cart has \d+\./);
    expect(await onSale()).toBe(before);

    // The most one account can hold: 30 units.
    let kept = 0;
    for (const line of await lines(hoarder)) {
      if (kept + line.quantity <= 30 && line.quantity === 10) kept += line.quantity;
      else await hoarder.call(cartItem.DELETE, "/x", { method: "DELETE", params: { id: line.id } });
    }
    expect(kept).toBe(30);
    expect((await prepareNow(hoarder)).status).toBe(201);
    expect(before - (await onSale())).toBe(30);
    console.log(`denial of inventory: ${before} units on sale; one account now holds at most ${before - (await onSale())}`);
  });

  it("holds cannot be renewed without limit: a new prepare restarts the clock 3 times, then the hold ends and stays off for a hold's length", async () => {
    const renewer = await signIn(store, "renewer@shop.test", store.client({ ip: "203.0.113.51" }));
    const target = (await listed()).find((p) => p.stock >= 20)!;
    await renewer.call(cart.POST, "/api/cart", { body: { productId: target.id, quantity: 5 } });
    const stockOf = async () => (await listed()).find((p) => p.id === target.id)!.stock;
    const free = await stockOf();

    for (let i = 0; i < 5; i++) {
      const res = await prepareNow(renewer);
      expect(res.status).toBe(201);
      expect(await stockOf()).toBe(free - 5);
      clock.advance(10 * MINUTE);
    }
    // 10:50 now. The fourth renewal kept the third's end (10:45): the hold is over.
    expect(await stockOf()).toBe(free);
    // Preparing again within 15 minutes of that end holds nothing.
    expect((await prepareNow(renewer)).status).toBe(201);
    expect(await stockOf()).toBe(free);
    // A hold's length later, a new run of holds may start.
    clock.advance(20 * MINUTE);
    expect((await prepareNow(renewer)).status).toBe(201);
    expect(await stockOf()).toBe(free - 5);
  });

  it("prepares are rate-limited per account: the 11th in a minute is 429 with Retry-After", async () => {
    clock.advance(MINUTE - (clock.now().getTime() % MINUTE)); // the start of a fresh window
    const busy = await signIn(store, "busy@shop.test", store.client({ ip: "203.0.113.52" }));
    const p = (await listed()).find((x) => x.stock >= 2)!;
    await busy.call(cart.POST, "/api/cart", { body: { productId: p.id, quantity: 1 } });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await prepareNow(busy)).status);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    const limited = await prepareNow(busy);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: "Too many checkout attempts. Please wait a minute and try again." });
    expect(Number(limited.headers.get("retry-after"))).toBe(60);
  });
});
