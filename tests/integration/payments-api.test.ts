import { describe, expect, it } from "vitest";
import * as adminOrders from "#src/pages/api/admin/orders.ts";
import * as refunds from "#src/pages/api/admin/orders/[id]/refunds.ts";
import * as storeCredit from "#src/pages/api/admin/users/[userId]/store-credit.ts";
import * as audit from "#src/pages/api/admin/audit.ts";
import * as analytics from "#src/pages/api/admin/analytics.ts";
import * as orders from "#src/pages/api/orders/index.ts";
import * as orderStatus from "#src/pages/api/orders/[id]/status.ts";
import * as points from "#src/pages/api/points/index.ts";
import * as user from "#src/pages/api/auth/user.ts";
import * as paypalOrder from "#src/pages/paypal/order/index.ts";
import { manualClock } from "../fakes/in-memory-shopping.ts";
import { captureCall, preparedPayment, product, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { expectLedgersBalanced } from "./helpers/rewards.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

// Issue 18 in sandbox mode: the test button's outcomes (approve, decline, pending review), payment
// status on every order, reconciliation, and administrators' refunds to the payment or store credit.
const clock = manualClock(new Date().toISOString());
const store = await createTestApp({ clock, env: { SANDBOX_PENDING_SECONDS: "30", SIGN_UP_LIMIT_PER_MINUTE: "1000", SIGN_IN_LIMIT_PER_MINUTE: "1000" } });
const admin = await signInAdmin(store);
let n = 0;
type Browser = Awaited<ReturnType<typeof signIn>>;
const shopper = () => signIn(store, `payer${++n}@shop.test`);

async function buy(buyer: Browser, outcome: "approve" | "pending" = "approve", name = "1,700 Robux Pack", quantity = 1) {
  const item = await product(store, name);
  const { paymentId } = await preparedPayment(buyer, item.id, quantity, {}, { sandboxOutcome: outcome });
  const res = await captureCall(buyer, paymentId);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order as { id: string; total: string; paymentStatus: string; refundedTotal: string };
}
const myOrder = async (buyer: Browser, id: string) => ((await buyer.call(orders.GET, "/api/orders")).body as any[]).find((o) => o.id === id);
const refund = (orderId: string, body: Record<string, unknown>, headers: Record<string, string> = {}, browser: { call: Browser["call"] } = admin) =>
  browser.call(refunds.POST, `/api/admin/orders/${orderId}/refunds`, { params: { id: orderId }, body, headers });
const setStatus = (orderId: string, status: string) =>
  admin.call(orderStatus.PATCH, `/api/orders/${orderId}/status`, { method: "PATCH", params: { id: orderId }, body: { status } });
const creditOf = async (buyer: Browser) => (await buyer.call(points.GET, "/api/points")).body;

describe(`payments in sandbox mode on ${TEST_DATABASE}`, () => {
  it("an approved payment is an order paid at once, with paymentStatus and refundedTotal in every order API", async () => {
    const buyer = await shopper();
    const order = await buy(buyer);
    expect(order).toMatchObject({ paymentStatus: "paid", refundedTotal: "0.00", disputeStatus: null, refunds: [] });
    expect(await myOrder(buyer, order.id)).toMatchObject({ paymentStatus: "paid", refundedTotal: "0.00" });
    const me = await buyer.call(user.GET, "/api/auth/user");
    expect(me.body.orders.find((o: any) => o.id === order.id)).toMatchObject({ paymentStatus: "paid", refundedTotal: "0.00" });
    const all = await admin.call(adminOrders.GET, "/api/admin/orders");
    expect(all.body.find((o: any) => o.id === order.id)).toMatchObject({ paymentStatus: "paid", refundedTotal: "0.00" });
  });

  it("a declined test card answers 402 and places nothing; paying again with another outcome opens a new payment", async () => {
    const buyer = await shopper();
    const item = await product(store, "1,700 Robux Pack");
    const stock = item.stock;
    const { paymentId } = await preparedPayment(buyer, item.id, 1, {}, { sandboxOutcome: "decline" });
    const declined = await captureCall(buyer, paymentId);
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatch(/declined/);
    expect((await product(store, "1,700 Robux Pack")).stock).toBe(stock);
    expect((await buyer.call(orders.GET, "/api/orders")).body).toEqual([]);
    const again = await buyer.call(paypalOrder.POST, "/paypal/order", { body: { sandboxOutcome: "approve" } });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(paymentId);
    expect((await captureCall(buyer, again.body.id)).status).toBe(201);
    expect((await buyer.call(paypalOrder.POST, "/paypal/order", { body: { sandboxOutcome: "sometimes" } })).status).toBe(400);
  });

  it("a payment held for review places the order awaiting payment; delivery waits; reconciliation makes it paid once", async () => {
    const buyer = await shopper();
    const before = (await product(store, "1,700 Robux Pack")).stock;
    const order = await buy(buyer, "pending");
    expect(order.paymentStatus).toBe("awaiting");
    expect((await product(store, "1,700 Robux Pack")).stock).toBe(before - 1);
    // Nothing is delivered before the money is in, and there is nothing to refund yet.
    expect((await setStatus(order.id, "completed")).status).toBe(409);
    expect((await refund(order.id, { destination: "store_credit", reason: "test" })).status).toBe(409);
    const awaiting = await admin.call(adminOrders.GET, "/api/admin/orders", { query: { payment: "awaiting" } });
    expect(awaiting.body.map((o: any) => o.id)).toContain(order.id);

    expect(await store.app.paymentReconciler.runOnce()).toEqual([]); // not due yet
    clock.advance(30_000);
    const changes = await store.app.paymentReconciler.runOnce();
    expect(changes).toEqual([expect.objectContaining({ orderId: order.id, providerSays: "completed", changed: true })]);
    expect(await store.app.paymentReconciler.runOnce({ everything: true })).toEqual([]);
    const paid = await myOrder(buyer, order.id);
    expect(paid.paymentStatus).toBe("paid");
    expect(paid.paymentHistory.map((h: any) => h.kind)).toEqual(["awaiting", "paid"]);
    expect((await setStatus(order.id, "completed")).status).toBe(200);
  });

  it("refunds: everything left by default, in part, once per Idempotency-Key, never more than the order took", async () => {
    const buyer = await shopper();
    const summaryBefore = (await admin.call(analytics.GET, "/api/admin/analytics")).body;
    const order = await buy(buyer, "approve", "1,700 Robux Pack", 2); // 39.98
    const half = await refund(order.id, { amount: "10.00", destination: "payment", reason: "one pack not delivered" }, { "idempotency-key": "k-1" });
    expect(half.status, JSON.stringify(half.body)).toBe(201);
    expect(half.body).toEqual({
      id: expect.any(String),
      orderId: order.id,
      amount: "10.00",
      destination: "payment",
      status: "completed",
      reason: "one pack not delivered",
      createdAt: expect.any(String),
    });
    const retried = await refund(order.id, { amount: "10.00", destination: "payment", reason: "one pack not delivered" }, { "idempotency-key": "k-1" });
    expect(retried.status).toBe(201);
    expect(retried.body).toEqual(half.body);
    expect(await myOrder(buyer, order.id)).toMatchObject({ paymentStatus: "partially_refunded", refundedTotal: "10.00" });
    const tooMuch = await refund(order.id, { amount: "30.00", destination: "payment", reason: "x" });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error).toMatch(/At most \$29\.98/);
    clock.advance(1000);
    const rest = await refund(order.id, { destination: "store_credit", reason: "goodwill" });
    expect(rest.body).toMatchObject({ amount: "29.98", destination: "store_credit" });
    const done = await myOrder(buyer, order.id);
    expect(done).toMatchObject({ paymentStatus: "refunded", refundedTotal: "39.98" });
    expect(done.refunds.map((r: any) => [r.amount, r.destination])).toEqual([
      ["10.00", "payment"],
      ["29.98", "store_credit"],
    ]);
    expect((await creditOf(buyer)).storeCredit).toBe("29.98");
    expect((await refund(order.id, { destination: "payment", reason: "again" })).status).toBe(409);
    const summary = (await admin.call(analytics.GET, "/api/admin/analytics")).body;
    const cents = (s: string) => Math.round(Number(s) * 100);
    expect(cents(summary.totalRefunded) - cents(summaryBefore.totalRefunded)).toBe(3998);
    expect(cents(summary.totalRevenue) - cents(summaryBefore.totalRevenue)).toBe(0); // placed 39.98, refunded 39.98
    const refunded = await admin.call(adminOrders.GET, "/api/admin/orders", { query: { payment: "refunded" } });
    expect(refunded.body.map((o: any) => o.id)).toContain(order.id);
    const trail = await admin.call(audit.GET, "/api/admin/audit", { query: { kind: "order.refund" } });
    expect(trail.status).toBe(200);
    expect(JSON.stringify(trail.body)).toContain(order.id);
    await expectLedgersBalanced(store.app.db);
  });

  it("refunds need an administrator: guests 401, shoppers 403, unknown orders 404, bad input 400", async () => {
    const buyer = await shopper();
    const order = await buy(buyer);
    expect((await refund(order.id, { destination: "payment", reason: "x" }, {}, store.client())).status).toBe(401);
    expect((await refund(order.id, { destination: "payment", reason: "x" }, {}, buyer)).status).toBe(403);
    expect((await refund("nope", { destination: "payment", reason: "x" })).status).toBe(404);
    expect((await refund(order.id, { destination: "bank", reason: "x" })).status).toBe(400);
    expect((await refund(order.id, { amount: "-1", destination: "payment", reason: "x" })).status).toBe(400);
    expect((await refund(order.id, { amount: "0", destination: "payment", reason: "x" })).status).toBe(400);
    expect((await refund(order.id, { destination: "payment", reason: " " })).status).toBe(400);
    expect((await myOrder(buyer, order.id)).refundedTotal).toBe("0.00");
  });

  it("takes the order's points back in proportion to what is refunded", async () => {
    const buyer = await shopper();
    const order = await buy(buyer, "approve", "1,700 Robux Pack", 2); // 39.98 -> 3998 points
    expect((await setStatus(order.id, "completed")).status).toBe(200);
    expect((await creditOf(buyer)).points).toBe(3998);
    await refund(order.id, { amount: "19.99", destination: "payment", reason: "half" });
    expect((await creditOf(buyer)).points).toBe(1999);
    await expectLedgersBalanced(store.app.db);
  });

  it("cancelling an order gives back the store credit spent on it, once", async () => {
    const buyer = await shopper();
    expect(
      (
        await admin.call(storeCredit.PATCH, `/api/admin/users/${buyer.userId}/store-credit`, {
          method: "PATCH",
          params: { userId: buyer.userId },
          body: { amount: "5.00", operation: "set" },
        })
      ).status,
    ).toBe(200);
    const item = await product(store, "1,700 Robux Pack");
    const { paymentId } = await preparedPayment(buyer, item.id, 1, { useStoreCredit: true });
    const placed = await captureCall(buyer, paymentId);
    expect(placed.status).toBe(201);
    expect((await creditOf(buyer)).storeCredit).toBe("0.00");
    const orderId = placed.body.order.id as string;
    expect((await setStatus(orderId, "cancelled")).status).toBe(200);
    expect((await creditOf(buyer)).storeCredit).toBe("5.00");
    expect((await setStatus(orderId, "pending")).status).toBe(200);
    expect((await setStatus(orderId, "cancelled")).status).toBe(200);
    expect((await creditOf(buyer)).storeCredit).toBe("5.00");
    expect(await myOrder(buyer, orderId)).toMatchObject({ refundedTotal: "5.00", paymentStatus: "partially_refunded" });
    await expectLedgersBalanced(store.app.db);
  });
});
