import { execFile } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as adminCodes from "#src/pages/api/admin/discount-codes/index.ts";
import * as adminOrders from "#src/pages/api/admin/orders.ts";
import * as refunds from "#src/pages/api/admin/orders/[id]/refunds.ts";
import * as orders from "#src/pages/api/orders/index.ts";
import * as orderStatus from "#src/pages/api/orders/[id]/status.ts";
import * as points from "#src/pages/api/points/index.ts";
import * as webhook from "#src/pages/paypal/webhook.ts";
import { captureCall, preparedPayment, product, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createPayPalTestStore } from "./helpers/paypal-store.ts";
import { expectLedgersBalanced } from "./helpers/rewards.ts";
import { TEST_DATABASE } from "./helpers/test-app.ts";

// Issue 18 with PAYMENT_PROVIDER=paypal: the real adapter against PayPal's documented responses
// (tests/fixtures/paypal/), webhooks verified with verify-webhook-signature, refunds through PayPal,
// and reconciliation of payments held for review by two app instances at once.
const { paypal, store } = await createPayPalTestStore({ PAYMENT_RECONCILE_SECONDS: "60" });
const admin = await signInAdmin(store);
let n = 0;
type Browser = Awaited<ReturnType<typeof signIn>>;
const shopper = () => signIn(store, `pp${++n}@shop.test`);
const ITEM = "1,700 Robux Pack"; // 19.99

async function pay(buyer: Browser, capture: "completed" | "pending", over: Record<string, unknown> = {}) {
  const item = await product(store, ITEM);
  const { paymentId } = await preparedPayment(buyer, item.id, 1, over);
  if (capture === "pending") paypal.next("capture", "orders-capture-pending");
  const res = await captureCall(buyer, paymentId);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const order = res.body.order as { id: string; total: string };
  const row = await store.app.db.selectFrom("orders").select(["captureId", "paymentId"]).where("id", "=", order.id).executeTakeFirstOrThrow();
  return { order, captureId: row.captureId!, paymentId: row.paymentId, status: res.body.status as string };
}
const deliver = (delivery: { headers: Record<string, string>; body: string }) =>
  store.call(webhook.POST, "/paypal/webhook", { rawBody: delivery.body, headers: delivery.headers });
const myOrder = async (buyer: Browser, id: string) => ((await buyer.call(orders.GET, "/api/orders")).body as any[]).find((o) => o.id === id);
const stockOf = async () => (await product(store, ITEM)).stock;
const vars = (p: { captureId: string; paymentId: string }, amount = "19.99") => ({ captureId: p.captureId, orderId: p.paymentId, amount, referenceId: "chk" });

describe(`PayPal payments on ${TEST_DATABASE}`, () => {
  it("a PENDING capture places the order awaiting payment; PAYMENT.CAPTURE.COMPLETED makes it paid, once however often it is delivered", async () => {
    const buyer = await shopper();
    const placed = await pay(buyer, "pending");
    expect(placed.status).toBe("PENDING");
    expect(await myOrder(buyer, placed.order.id)).toMatchObject({ paymentStatus: "awaiting" });
    const delivery = paypal.webhook("webhook-payment-capture-completed", vars(placed));
    const first = await deliver(delivery);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ received: true, result: "applied" });
    expect(await myOrder(buyer, placed.order.id)).toMatchObject({ paymentStatus: "paid" });
    const replay = await deliver(delivery);
    expect(replay.body).toMatchObject({ result: "duplicate" });
    const order = await myOrder(buyer, placed.order.id);
    expect(order.paymentHistory.filter((h: any) => h.kind === "paid")).toHaveLength(1);
  });

  it("a forged, tampered or malformed webhook is a 400 and changes nothing", async () => {
    const buyer = await shopper();
    const placed = await pay(buyer, "pending");
    const genuine = paypal.webhook("webhook-payment-capture-completed", vars(placed));
    const tampered = { headers: genuine.headers, body: genuine.body.replace('"COMPLETED"', '"COMPLETED" ') };
    expect((await deliver(tampered)).status).toBe(400);
    const forged = { headers: { ...genuine.headers, "paypal-transmission-sig": "forged" }, body: genuine.body };
    expect((await deliver(forged)).status).toBe(400);
    expect((await deliver({ headers: genuine.headers, body: "{not json" })).status).toBe(400);
    expect((await deliver({ headers: {}, body: genuine.body })).status).toBe(400);
    expect(await myOrder(buyer, placed.order.id)).toMatchObject({ paymentStatus: "awaiting" });
    // The genuine delivery is still processed afterwards: a refused forgery recorded nothing.
    expect((await deliver(genuine)).body).toMatchObject({ result: "applied" });
  });

  it("PAYMENT.CAPTURE.DENIED cancels the order and returns its stock and discount use, once", async () => {
    const code = (await admin.call(adminCodes.POST, "/api/admin/discount-codes", { body: { code: "DENYME", type: "fixed", amount: "1.00", usageLimit: 5 } }))
      .body;
    const buyer = await shopper();
    const before = await stockOf();
    const placed = await pay(buyer, "pending", { discountCodeId: code.id, discountAmount: "1.00", total: "18.99" });
    expect(await stockOf()).toBe(before - 1);
    const usage = async () =>
      (await store.app.db.selectFrom("discount_codes").select("usageCount").where("id", "=", code.id).executeTakeFirstOrThrow()).usageCount;
    expect(await usage()).toBe(1);
    const denied = paypal.webhook("webhook-payment-capture-denied", vars(placed, "18.99"));
    expect((await deliver(denied)).body).toMatchObject({ result: "applied" });
    expect(await myOrder(buyer, placed.order.id)).toMatchObject({ status: "cancelled", paymentStatus: "denied" });
    expect(await stockOf()).toBe(before);
    expect(await usage()).toBe(0);
    // Again by replay, by another event id, and by reconciliation: nothing more comes back.
    await deliver(denied);
    await deliver(paypal.webhook("webhook-payment-capture-denied", vars(placed, "18.99")));
    paypal.setCaptureStatus(placed.captureId, "DECLINED");
    await store.app.paymentReconciler.runOnce({ everything: true });
    expect(await stockOf()).toBe(before);
    expect(await usage()).toBe(0);
  });

  it("an INSTRUMENT_DECLINED capture answers 402 with restart: true and places nothing; after actions.restart() the same payment is captured", async () => {
    const buyer = await shopper();
    const item = await product(store, ITEM);
    const { paymentId } = await preparedPayment(buyer, item.id, 1);
    paypal.next("capture", "orders-capture-instrument-declined");
    const declined = await captureCall(buyer, paymentId);
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ issue: "INSTRUMENT_DECLINED", restart: true });
    expect((await buyer.call(orders.GET, "/api/orders")).body).toEqual([]);
    expect((await captureCall(buyer, paymentId)).status).toBe(201);
  });

  it("a refund to the payment goes through PayPal with its own request id; PayPal's webhook about it changes nothing more", async () => {
    const buyer = await shopper();
    const placed = await pay(buyer, "completed");
    const before = paypal.calls.length;
    const res = await admin.call(refunds.POST, `/api/admin/orders/${placed.order.id}/refunds`, {
      params: { id: placed.order.id },
      body: { amount: "5.00", destination: "payment", reason: "late delivery" },
      headers: { "idempotency-key": "pp-refund-1" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const call = paypal.calls.slice(before).find((c) => c.route === "refund")!;
    expect(call.path).toBe(`/v2/payments/captures/${placed.captureId}/refund`);
    expect(call.requestId).toBe(`refund-${res.body.id}`);
    expect(call.body).toMatchObject({ amount: { currency_code: "USD", value: "5.00" } });
    const providerRefundId = (await store.app.db.selectFrom("refunds").select("providerRefundId").where("id", "=", res.body.id).executeTakeFirstOrThrow())
      .providerRefundId!;
    const echo = paypal.webhook("webhook-payment-capture-refunded", {
      refundId: providerRefundId,
      captureId: placed.captureId,
      amount: "5.00",
      referenceId: "chk",
    });
    expect((await deliver(echo)).body).toMatchObject({ result: "unchanged" });
    expect(await myOrder(buyer, placed.order.id)).toMatchObject({ refundedTotal: "5.00", paymentStatus: "partially_refunded" });
    // A refund made in PayPal's own dashboard reaches the store by webhook.
    const outside = paypal.webhook("webhook-payment-capture-refunded", {
      refundId: "1JU0OUTSIDE",
      captureId: placed.captureId,
      amount: "14.99",
      referenceId: "chk",
    });
    expect((await deliver(outside)).body).toMatchObject({ result: "applied" });
    expect(await myOrder(buyer, placed.order.id)).toMatchObject({ refundedTotal: "19.99", paymentStatus: "refunded" });
  });

  it("a refund PayPal refuses is a 409, and nothing stays reserved", async () => {
    const buyer = await shopper();
    const placed = await pay(buyer, "completed");
    paypal.next("refund", "captures-refund-amount-exceeded");
    const res = await admin.call(refunds.POST, `/api/admin/orders/${placed.order.id}/refunds`, {
      params: { id: placed.order.id },
      body: { destination: "payment", reason: "x" },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/REFUND_AMOUNT_EXCEEDED/);
    const order = await myOrder(buyer, placed.order.id);
    expect(order).toMatchObject({ refundedTotal: "0.00", paymentStatus: "paid" });
    expect(order.refunds.map((r: any) => r.status)).toEqual(["failed"]);
  });

  it("a dispute marks the order disputed and takes its points back; a reversal marks it reversed; both in its history", async () => {
    const buyer = await shopper();
    const placed = await pay(buyer, "completed");
    await admin.call(orderStatus.PATCH, `/api/orders/${placed.order.id}/status`, {
      method: "PATCH",
      params: { id: placed.order.id },
      body: { status: "completed" },
    });
    expect((await buyer.call(points.GET, "/api/points")).body.points).toBe(1999);
    const dispute = { disputeId: "PP-D-1", captureId: placed.captureId, amount: "19.99" };
    expect((await deliver(paypal.webhook("webhook-customer-dispute-created", dispute))).body).toMatchObject({ result: "applied" });
    expect(await myOrder(buyer, placed.order.id)).toMatchObject({ disputeStatus: "open" });
    expect((await buyer.call(points.GET, "/api/points")).body.points).toBe(0);
    const disputed = await admin.call(adminOrders.GET, "/api/admin/orders", { query: { payment: "disputed" } });
    expect(disputed.body.map((o: any) => o.id)).toContain(placed.order.id);
    await deliver(paypal.webhook("webhook-payment-capture-reversed", vars(placed)));
    await deliver(paypal.webhook("webhook-customer-dispute-resolved", dispute));
    const order = await myOrder(buyer, placed.order.id);
    expect(order).toMatchObject({ disputeStatus: "resolved", paymentStatus: "reversed" });
    expect(order.paymentHistory.map((h: any) => h.kind)).toEqual(["paid", "dispute_opened", "reversed", "dispute_resolved"]);
    await expectLedgersBalanced(store.app.db);
  });

  it("a payment held for review that cannot become an order (sold out meanwhile) is refunded once PayPal completes it", async () => {
    const buyer = await shopper();
    const item = await product(store, "Shadow Dragon (Full Grown)");
    const { paymentId } = await preparedPayment(buyer, item.id, 1);
    const stock = item.stock;
    await store.app.db.updateTable("products").set({ stock: 0 }).where("id", "=", item.id).execute();
    paypal.next("capture", "orders-capture-pending");
    const res = await captureCall(buyer, paymentId);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/will be refunded as soon as the payment provider releases it/);
    const captureId = paypal.orders.get(paymentId)!.captureId!;
    const refundsTo = () => paypal.calls.filter((c) => c.route === "refund" && c.path.includes(captureId));
    await store.app.paymentReconciler.runOnce({ everything: true });
    expect(refundsTo()).toHaveLength(0); // still under review: PayPal cannot refund it yet
    paypal.setCaptureStatus(captureId, "COMPLETED");
    const changes = await store.app.paymentReconciler.runOnce({ everything: true });
    expect(changes).toContainEqual(expect.objectContaining({ kind: "refund", captureId, providerSays: "completed", changed: true }));
    expect(refundsTo()).toHaveLength(1);
    expect(refundsTo()[0]).toMatchObject({
      requestId: `refund-${captureId}`,
      body: expect.objectContaining({ amount: { currency_code: "USD", value: expect.any(String) } }),
    });
    await store.app.paymentReconciler.runOnce({ everything: true });
    expect(refundsTo()).toHaveLength(1);
    await store.app.db.updateTable("products").set({ stock }).where("id", "=", item.id).execute();
  });

  it("`payments reconcile` in two processes at once: each payment is asked about by exactly one, and settled once", async () => {
    const placed: Awaited<ReturnType<typeof pay>>[] = [];
    for (let i = 0; i < 6; i++) placed.push(await pay(await shopper(), "pending"));
    for (const p of placed) paypal.setCaptureStatus(p.captureId, "COMPLETED");
    const before = paypal.calls.length;
    const outputs = await Promise.all([reconcileInAnotherProcess(), reconcileInAnotherProcess()]);
    const asked = paypal.calls
      .slice(before)
      .filter((c) => c.route === "get-capture")
      .map((c) => c.path);
    for (const p of placed) expect(asked.filter((path) => path.endsWith(`/${p.captureId}`))).toHaveLength(1);
    const reported = outputs.join("\n");
    for (const p of placed) expect(reported).toContain(`order ${p.order.id} (capture ${p.captureId}): provider says completed; order updated`);
    for (const p of placed) {
      const order = await store.app.db.selectFrom("orders").select("paymentStatus").where("id", "=", p.order.id).executeTakeFirstOrThrow();
      expect(order.paymentStatus).toBe("paid");
      const paid = await store.app.db.selectFrom("payment_history").select("kind").where("orderId", "=", p.order.id).where("kind", "=", "paid").execute();
      expect(paid).toHaveLength(1);
    }
    expect(await store.app.paymentReconciler.runOnce({ everything: true })).toEqual([]);
  }, 90_000); // two CLI processes, each loading the app: 29.5 s alone on a busy machine, at the suite's 30 s
});

/** `npm run cli -- payments reconcile` as its own process on the same database and PayPal. */
function reconcileInAnotherProcess(): Promise<string> {
  const cli = join(import.meta.dirname, "../../scripts/cli.ts");
  const env = {
    PATH: process.env["PATH"] ?? "",
    DATABASE_URL: store.config.databaseUrl,
    DATA_DIR: store.config.dataDir,
    LOG_LEVEL: "silent",
    PUBLIC_URL: store.config.publicUrl,
    PAYMENT_PROVIDER: "paypal",
    PAYPAL_CLIENT_ID: paypal.credentials.clientId,
    PAYPAL_CLIENT_SECRET: paypal.credentials.clientSecret,
    PAYPAL_API_BASE: paypal.apiBase,
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
  };
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [cli, "payments", "reconcile"], { env, cwd: join(import.meta.dirname, "../..") }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
    );
  });
}
