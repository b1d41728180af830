import { describe, expect, it } from "vitest";
import { HOLD_MS } from "#domain/checkout/checkout.ts";
import * as adminCodes from "#src/pages/api/admin/discount-codes/index.ts";
import * as adminHolders from "#src/pages/api/admin/holders/index.ts";
import * as adminHolderStock from "#src/pages/api/admin/holders/[id]/stock.ts";
import { captureCall, preparedPayment, product, setStock, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createPayPalTestStore } from "./helpers/paypal-store.ts";

// The reliability guarantees under load, through the real request pipeline, the real SQLite file and
// the PayPal adapter talking to a local server replaying PayPal's documented responses (so captures and refunds really cross the network and
// requests interleave at every await). The guarantees come from the conditional updates and the
// unique payment id, not from the order requests happen to run in.
const { paypal, clock, store } = await createPayPalTestStore();
let n = 0;
const shoppers = (count: number) => Promise.all(Array.from({ length: count }, () => signIn(store, `racer${++n}@shop.test`)));
const captures = () => paypal.calls.filter((r) => r.route === "capture");
const refunds = () => paypal.calls.filter((r) => r.route === "refund");
const ordersFor = (paymentIds: string[]) => store.app.db.selectFrom("orders").select(["id", "paymentId"]).where("paymentId", "in", paymentIds).execute();

describe("concurrent captures", () => {
  it("at the last units of a product: stock never below zero, one order per accepted payment, every other payment refunded", async () => {
    const item = await product(store, "Huge Cat");
    await setStock(store, item.id, 3);
    const racers = await shoppers(10);
    const payments: string[] = [];
    // Each prepares after the previous hold expired, so ten payments are open for three units.
    for (const racer of racers) {
      payments.push((await preparedPayment(racer, item.id, 1)).paymentId);
      clock.advance(HOLD_MS + 1);
    }
    const capturesBefore = captures().length;
    const refundsBefore = refunds().length;

    const results = await Promise.all(racers.map((racer, i) => captureCall(racer, payments[i]!)));

    const accepted = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(accepted).toHaveLength(3);
    expect(refused.every((r) => r.status === 409)).toBe(true);
    expect((await product(store, "Huge Cat")).stock).toBe(0);
    const orders = await ordersFor(payments);
    expect(orders).toHaveLength(3);
    expect(new Set(orders.map((o) => o.paymentId))).toEqual(new Set(accepted.map((r) => r.body.id)));
    // Every payment that was captured and did not become an order was refunded, and said so.
    const captured = captures().length - capturesBefore;
    expect(refunds().length - refundsBefore).toBe(captured - 3);
    for (const r of refused) expect(r.body.error).toMatch(/Huge Cat is out of stock|Only 0 of Huge Cat/);
    expect(refused.filter((r) => r.body.error.endsWith("Your payment was refunded.")).length).toBe(captured - 3);
  });

  it("at a discount code's last uses: the usage limit is never exceeded", async () => {
    const admin = await signInAdmin(store);
    const code = (await admin.call(adminCodes.POST, "/api/admin/discount-codes", { body: { code: "LASTTWO", type: "fixed", amount: "1.00", usageLimit: 2 } }))
      .body;
    const item = await product(store, "10M Diamonds"); // 2.99, plenty of stock
    const stockBefore = item.stock;
    const racers = await shoppers(8);
    const payments: string[] = [];
    for (const racer of racers) {
      payments.push((await preparedPayment(racer, item.id, 1, { discountCodeId: code.id, discountAmount: "1.00", total: "1.99" })).paymentId);
    }
    const refundsBefore = refunds().length;

    const results = await Promise.all(racers.map((racer, i) => captureCall(racer, payments[i]!)));

    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => [r.status, r.body.error])).toEqual(
      Array(6).fill([409, "This discount code has reached its usage limit. Your payment was refunded."]),
    );
    const row = await store.app.db.selectFrom("discount_codes").select(["usageCount", "usageLimit"]).where("id", "=", code.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ usageCount: 2, usageLimit: 2 });
    expect(await ordersFor(payments)).toHaveLength(2);
    expect(refunds().length - refundsBefore).toBe(6);
    expect((await product(store, "10M Diamonds")).stock).toBe(stockBefore - 2);
  });

  it("of one payment, many times at once: exactly one order, no refund, the others told it was already captured", async () => {
    const [buyer] = await shoppers(1);
    const item = await product(store, "VIP Gamepass");
    const { paymentId } = await preparedPayment(buyer!, item.id, 2);
    const refundsBefore = refunds().length;

    const results = await Promise.all(Array.from({ length: 10 }, () => captureCall(buyer!, paymentId)));

    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const orderId = results.find((r) => r.status === 201)!.body.order.id;
    expect(results.filter((r) => r.status === 409).map((r) => r.body)).toEqual(Array(9).fill({ error: "This payment has already been captured", orderId }));
    expect(await ordersFor([paymentId])).toHaveLength(1);
    expect(refunds().length).toBe(refundsBefore);
    expect((await product(store, "VIP Gamepass")).stock).toBe(item.stock - 2);
    const placed = await store.app.db.selectFrom("events").select("payload").where("type", "=", "OrderPlaced").execute();
    expect(placed.filter((e) => JSON.parse(e.payload).orderId === orderId)).toHaveLength(1);
  });

  it("at the last units on the holder accounts, while staff edit another holder's stock: no holder below zero, every unit sold reserved once", async () => {
    const admin = await signInAdmin(store);
    const item = await product(store, "Huge Pixel Dragon");
    const register = async (robloxUsername: string) =>
      (await admin.call(adminHolders.POST, "/api/admin/holders", { body: { gameId: item.gameId, robloxUsername } })).body as { id: string };
    const [first, second, third] = [await register("PixelHolderA"), await register("PixelHolderB"), await register("PixelHolderC")];
    const setHolderStock = (holderId: string, quantity: number) =>
      admin.call(adminHolderStock.PUT, "/x", { method: "PUT", params: { id: holderId }, body: { productId: item.id, quantity } });
    await setHolderStock(first.id, 2);
    await setHolderStock(second.id, 1);
    expect((await product(store, "Huge Pixel Dragon")).stock).toBe(3);
    const racers = await shoppers(8);
    const payments: string[] = [];
    for (const racer of racers) {
      payments.push((await preparedPayment(racer, item.id, 1)).paymentId);
      clock.advance(HOLD_MS + 1);
    }

    // The third holder's stock is set to 0, then 1, then 0 again while the captures run.
    const [results] = await Promise.all([
      Promise.all(racers.map((racer, i) => captureCall(racer, payments[i]!))),
      (async () => {
        for (const quantity of [0, 1, 0]) expect((await setHolderStock(third.id, quantity)).status).toBe(200);
      })(),
    ]);

    const accepted = results.filter((r) => r.status === 201).length;
    expect([3, 4]).toContain(accepted);
    const holding = await store.app.db.selectFrom("holder_stock").select(["holderId", "quantity"]).where("productId", "=", item.id).execute();
    for (const row of holding) expect(Number(row.quantity)).toBeGreaterThanOrEqual(0);
    const reserved = await store.app.db
      .selectFrom("holder_reservations")
      .select((eb) => eb.fn.sum<number>("quantity").as("units"))
      .where("productId", "=", item.id)
      .executeTakeFirstOrThrow();
    expect(Number(reserved.units)).toBe(accepted);
    // The product's stock is its holders' sum, whatever interleaved.
    const sum = holding.reduce((total, row) => total + Number(row.quantity), 0);
    expect((await product(store, "Huge Pixel Dragon")).stock).toBe(sum);
    expect(await ordersFor(payments)).toHaveLength(accepted);
  });
});
