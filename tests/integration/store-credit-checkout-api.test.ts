import { describe, expect, it } from "vitest";
import { createCheckoutRepository } from "#adapters/repositories/checkout.repository.ts";
import * as storeCredit from "#src/pages/api/admin/users/[userId]/store-credit.ts";
import * as cart from "#src/pages/api/cart/index.ts";
import * as complete from "#src/pages/api/checkout/complete.ts";
import * as prepare from "#src/pages/api/checkout/prepare.ts";
import * as orders from "#src/pages/api/orders/index.ts";
import * as orderStatus from "#src/pages/api/orders/[id]/status.ts";
import * as points from "#src/pages/api/points/index.ts";
import * as paypalOrder from "#src/pages/paypal/order/index.ts";
import { captureCall, claimFor, product, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { expectLedgersBalanced } from "./helpers/rewards.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

// Issue 7's store credit at checkout, wired into issue 4's checkout (docs/decisions.md).
const store = await createTestApp();
const admin = await signInAdmin(store);
let n = 0;
type Browser = Awaited<ReturnType<typeof signIn>>;

async function shopperWithCredit(dollars: string): Promise<Browser> {
  const buyer = await signIn(store, `credit${++n}@shop.test`);
  const res = await admin.call(storeCredit.PATCH, `/api/admin/users/${buyer.userId}/store-credit`, {
    method: "PATCH",
    params: { userId: buyer.userId },
    body: { amount: dollars, operation: "set" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return buyer;
}

async function creditOf(buyer: Browser): Promise<string> {
  return (await buyer.call(points.GET, "/api/points")).body.storeCredit;
}

/** "1,700 Robux Pack" costs 19.99. */
async function prepareWithCredit(buyer: Browser, quantity = 1, useStoreCredit = true) {
  const pack = await product(store, "1,700 Robux Pack");
  expect(
    (
      await buyer.call(cart.POST, "/api/cart", {
        body: { productId: pack.id, quantity },
      })
    ).status,
  ).toBeLessThan(300);
  return buyer.call(prepare.POST, "/api/checkout/prepare", {
    body: await claimFor(buyer, { useStoreCredit }),
  });
}

const completeCall = (buyer: Browser) => buyer.call(complete.POST, "/api/checkout/complete", { body: {} });
const openPayment = (buyer: Browser, amount: string) =>
  buyer.call(paypalOrder.POST, "/paypal/order", {
    body: { amount, currency: "USD", intent: "CAPTURE" },
  });

async function orderPayments(userId: string) {
  return store.app.db
    .selectFrom("store_credit_ledger")
    .select(["amountCents", "reference"])
    .where("userId", "=", userId)
    .where("reason", "=", "order_payment")
    .execute();
}

describe(`store credit at checkout on ${TEST_DATABASE}`, () => {
  it("credit larger than the total pays all of it: no payment step, POST /api/checkout/complete places the order", async () => {
    const buyer = await shopperWithCredit("100.00");
    const stockBefore = (await product(store, "1,700 Robux Pack")).stock;
    const prepared = await prepareWithCredit(buyer, 2);
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(201);
    expect(prepared.body).toMatchObject({
      total: "39.98",
      creditApplied: "39.98",
      amountDue: "0.00",
      paymentRequired: false,
    });
    // Nothing is spent before the order is placed.
    expect(await creditOf(buyer)).toBe("100.00");

    const payment = await openPayment(buyer, "39.98");
    expect([payment.status, payment.body.error]).toEqual([409, "Your store credit covers this order, so no payment is needed. Place the order instead."]);

    const placed = await completeCall(buyer);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order).toMatchObject({
      status: "pending",
      total: "39.98",
      creditApplied: "39.98",
    });
    expect(await creditOf(buyer)).toBe("60.02");
    expect(await orderPayments(buyer.userId)).toEqual([{ amountCents: -3998, reference: placed.body.order.id }]);
    expect((await product(store, "1,700 Robux Pack")).stock).toBe(stockBefore - 2);
    expect((await buyer.call(cart.GET, "/api/cart")).body).toEqual([]);
    expect((await buyer.call(orders.GET, "/api/orders")).body[0]).toMatchObject({ id: placed.body.order.id, creditApplied: "39.98" });

    // A second request takes nothing more.
    expect((await completeCall(buyer)).status).toBe(409);
    expect(await creditOf(buyer)).toBe("60.02");

    // No money paid, so completing the order earns no purchase points.
    const orderId = placed.body.order.id;
    await admin.call(orderStatus.PATCH, `/api/orders/${orderId}/status`, {
      method: "PATCH",
      params: { id: orderId },
      body: { status: "completed" },
    });
    expect((await buyer.call(points.GET, "/api/points")).body.points).toBe(0);
    await expectLedgersBalanced(store.app.db);
  });

  it("partial credit: the sandbox payment is asked only for the rest, and points are earned on what was paid", async () => {
    const buyer = await shopperWithCredit("5.00");
    const prepared = await prepareWithCredit(buyer);
    expect(prepared.body).toMatchObject({
      total: "19.99",
      creditApplied: "5.00",
      amountDue: "14.99",
      paymentRequired: true,
    });
    const payment = await openPayment(buyer, "19.99");
    expect(payment.status).toBe(201);
    // The sandbox's payment id carries the amount it was created for.
    expect(payment.body.id).toMatch(/^SANDBOX-1499-/);
    expect((await completeCall(buyer)).body.error).toBe("Your store credit does not cover this order. Please pay the rest.");

    const captured = await captureCall(buyer, payment.body.id);
    expect(captured.status, JSON.stringify(captured.body)).toBe(201);
    expect(captured.body.order).toMatchObject({
      total: "19.99",
      creditApplied: "5.00",
    });
    expect(await creditOf(buyer)).toBe("0.00");

    const orderId = captured.body.order.id;
    await admin.call(orderStatus.PATCH, `/api/orders/${orderId}/status`, {
      method: "PATCH",
      params: { id: orderId },
      body: { status: "completed" },
    });
    expect((await buyer.call(points.GET, "/api/points")).body.points).toBe(Math.floor((1499 * store.app.config.pointsPerDollar) / 100));
    await expectLedgersBalanced(store.app.db);
  });

  it("without the checkbox, or with no credit, nothing is applied and the payment is for the total", async () => {
    const buyer = await shopperWithCredit("50.00");
    const prepared = await prepareWithCredit(buyer, 1, false);
    expect(prepared.body).toMatchObject({
      total: "19.99",
      creditApplied: "0.00",
      amountDue: "19.99",
      paymentRequired: true,
    });
    const poor = await signIn(store, `nocredit${++n}@shop.test`);
    expect((await prepareWithCredit(poor)).body).toMatchObject({
      creditApplied: "0.00",
      amountDue: "19.99",
      paymentRequired: true,
    });
    const bad = await buyer.call(prepare.POST, "/api/checkout/prepare", {
      body: await claimFor(buyer, { useStoreCredit: "yes" }),
    });
    expect([bad.status, bad.body.error]).toEqual([400, "Use store credit must be true or false"]);
  });

  it("credit spent elsewhere between prepare and placing the order: 409, no order, nothing taken", async () => {
    const buyer = await shopperWithCredit("30.00");
    expect((await prepareWithCredit(buyer)).body.paymentRequired).toBe(false);
    const stockBefore = (await product(store, "1,700 Robux Pack")).stock;
    await admin.call(storeCredit.PATCH, `/api/admin/users/${buyer.userId}/store-credit`, {
      method: "PATCH",
      params: { userId: buyer.userId },
      body: { amount: "10.00", operation: "set" },
    });
    const res = await completeCall(buyer);
    expect([res.status, res.body.error]).toEqual([409, "Your store credit changed and no longer covers this amount. Please review your order."]);
    expect(await creditOf(buyer)).toBe("10.00");
    expect((await buyer.call(orders.GET, "/api/orders")).body).toEqual([]);
    expect((await product(store, "1,700 Robux Pack")).stock).toBe(stockBefore);
  });

  it("concurrent use of the same credit: a doubled request places one order; two orders cannot overdraw it", async () => {
    const buyer = await shopperWithCredit("25.00");
    expect((await prepareWithCredit(buyer)).body.paymentRequired).toBe(false);
    const results = await Promise.all([completeCall(buyer), completeCall(buyer), completeCall(buyer)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await creditOf(buyer)).toBe("5.01");
    expect(await orderPayments(buyer.userId)).toHaveLength(1);

    // Two checkouts that each counted on the whole remaining balance, placed at once: one wins.
    const { app } = store;
    const pack = await product(store, "1,700 Robux Pack");
    await store.app.db
      .insertInto("checkouts")
      .values({
        id: `race-${n}`,
        userId: buyer.userId,
        email: "a@shop.test",
        robloxUsername: "Builder_1",
        subtotalCents: 300,
        discountCodeId: null,
        discountCode: null,
        discountCents: 0,
        totalCents: 300,
        creditAppliedCents: 300,
        status: "prepared",
        paymentId: null,
        createdAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      })
      .execute();
    await store.app.db
      .insertInto("checkout_items")
      .values({
        checkoutId: `race-${n}`,
        productId: pack.id,
        productName: pack.name,
        gameId: pack.gameId,
        unitPriceCents: 300,
        quantity: 1,
      })
      .execute();
    const checkout = (await app.db.transaction().execute((trx) => createCheckoutRepository(trx).currentOf(buyer.userId)))!;
    expect(checkout.creditApplied).toBe(300);
    const payment = { captureId: null, visitorId: "v", provider: "store_credit" };
    const outcomes = await Promise.allSettled([
      app.ordering.placeOrder(checkout, { ...payment, paymentId: "race-a" }),
      app.ordering.placeOrder({ ...checkout, id: `${checkout.id}-twin` }, { ...payment, paymentId: "race-b" }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    const rejected = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason.message).toMatch(/no longer covers/);
    expect(await creditOf(buyer)).toBe("2.01");
    expect(await orderPayments(buyer.userId)).toHaveLength(2);
    await expectLedgersBalanced(store.app.db);
  });
});
