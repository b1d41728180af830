import { describe, expect, it } from "vitest";
import * as analytics from "#src/pages/api/admin/analytics.ts";
import * as decide from "#src/pages/api/admin/orders/[id]/risk.ts";
import * as settings from "#src/pages/api/admin/risk/settings.ts";
import * as webhook from "#src/pages/paypal/webhook.ts";
import { analyticsProjections } from "#read-models/analytics/analytics-projections.ts";
import { rebuildProjections } from "#read-models/analytics/rebuild-projections.ts";
import { NO_RISK } from "./helpers/risk-figures.ts";
import { readModelSnapshot } from "./helpers/read-model-snapshot.ts";
import { createPayPalTestStore } from "./helpers/paypal-store.ts";
import { captureCall, preparedPayment, product, setStock, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { TEST_DATABASE } from "./helpers/test-app.ts";

// Issue 37's last item: the analytics count orders held, approved and rejected, disputes, reversals and
// the money lost to them, from events appended in the transactions that hold, decide and record them.
const { paypal, store } = await createPayPalTestStore({});
const admin = await signInAdmin(store);
const item = await product(store, "1,700 Robux Pack"); // 19.99
await setStock(store, item.id, 1000);
let n = 0;

async function heldOrder() {
  const buyer = await signIn(store, `risk-analytics${++n}-${Date.now()}@shop.test`);
  const { paymentId } = await preparedPayment(buyer, item.id, 1, { robloxUsername: `Ra_${n}` });
  paypal.next("capture", "orders-capture-completed-payer", { payerId: `PAYERRA${n}`, payerEmail: buyer.email, payerCountry: "US" });
  const res = await captureCall(buyer, paymentId);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.order.id as string;
  const row = await store.app.db.selectFrom("orders").select(["captureId", "paymentId", "deliveryDueAt"]).where("id", "=", id).executeTakeFirstOrThrow();
  expect(row.deliveryDueAt).toBeNull(); // held
  return { id, captureId: row.captureId!, paymentId: row.paymentId, buyer };
}

async function deliver(name: string, vars: Record<string, string>) {
  const delivered = paypal.webhook(name, vars);
  const res = await store.call(webhook.POST, "/paypal/webhook", { rawBody: delivered.body, headers: delivered.headers });
  expect(res.body).toMatchObject({ result: "applied" });
}

const decision = (id: string, decision: "approve" | "reject") =>
  admin.call(decide.POST, `/api/admin/orders/${id}/risk`, { params: { id }, body: { decision, note: "checked" } });
const riskFigures = async () => {
  const res = await admin.call(analytics.GET, "/api/admin/analytics");
  expect(res.status).toBe(200);
  const { heldOrders, approvedOrders, rejectedOrders, disputes, reversals, chargebackLosses, todayHeldOrders, todayChargebackLosses } = res.body;
  return { heldOrders, approvedOrders, rejectedOrders, disputes, reversals, chargebackLosses, todayHeldOrders, todayChargebackLosses };
};

describe(`risk analytics on ${TEST_DATABASE}`, () => {
  it("counts held, approved and rejected orders, disputes, reversals and the money lost; a rebuild gives the same figures", async () => {
    expect(await riskFigures()).toEqual(NO_RISK);
    // The owner reviews every paid order.
    expect((await admin.call(settings.PATCH, "/api/admin/risk/settings", { method: "PATCH", body: { holdScore: 0 } })).status).toBe(200);

    const approved = await heldOrder();
    const rejected = await heldOrder();
    const reversed = await heldOrder();
    expect(await riskFigures()).toMatchObject({ heldOrders: 3, approvedOrders: 0, rejectedOrders: 0, todayHeldOrders: 3 });

    expect((await decision(approved.id, "approve")).status).toBe(200);
    expect((await decision(rejected.id, "reject")).status).toBe(200);
    // A refused second decision counts nothing.
    expect((await decision(approved.id, "reject")).status).toBe(409);

    // A dispute on the approved order, won by the shop (the fixture's RESOLVED_SELLER_FAVOUR): nothing lost.
    const dispute = { disputeId: `PP-D-RA${n}`, captureId: approved.captureId, amount: "19.99" };
    await deliver("webhook-customer-dispute-created", dispute);
    await deliver("webhook-customer-dispute-resolved", dispute);
    // A reversal of the order still held: 19.99 lost at once.
    await deliver("webhook-payment-capture-reversed", { captureId: reversed.captureId, orderId: reversed.paymentId, amount: "19.99", referenceId: "chk" });

    const figures = {
      heldOrders: 3,
      approvedOrders: 1,
      rejectedOrders: 1,
      disputes: 1,
      reversals: 1,
      chargebackLosses: "19.99",
      todayHeldOrders: 3,
      todayChargebackLosses: "19.99",
    };
    expect(await riskFigures()).toEqual(figures);

    const live = await readModelSnapshot(store.app);
    await store.app.db.deleteFrom("rm_risk_days").execute();
    expect(await riskFigures()).toEqual(NO_RISK);
    await rebuildProjections(store.app.db, analyticsProjections({ timeZone: store.app.config.timeZone }));
    expect(await riskFigures()).toEqual(figures);
    expect(await readModelSnapshot(store.app)).toEqual(live);
  });

  it("is read with the analytics permission only: a shopper gets 403", async () => {
    const shopper = await signIn(store, `risk-analytics-shopper-${Date.now()}@shop.test`);
    expect((await shopper.call(analytics.GET, "/api/admin/analytics")).status).toBe(403);
  });
});
