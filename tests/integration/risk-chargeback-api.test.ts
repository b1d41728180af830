import { describe, expect, it } from "vitest";
import * as adminLogin from "#src/pages/api/auth/login.ts";
import * as audit from "#src/pages/api/admin/audit.ts";
import * as disputes from "#src/pages/api/admin/risk/disputes.ts";
import * as freeze from "#src/pages/api/admin/users/[userId]/risk-freeze.ts";
import * as storeCredit from "#src/pages/api/admin/users/[userId]/store-credit.ts";
import * as cart from "#src/pages/api/cart/index.ts";
import * as prepare from "#src/pages/api/checkout/prepare.ts";
import * as points from "#src/pages/api/points/index.ts";
import * as redeem from "#src/pages/api/points/redeem.ts";
import * as webhook from "#src/pages/paypal/webhook.ts";
import { joinStaff } from "./helpers/accounts.ts";
import { createPayPalTestStore } from "./helpers/paypal-store.ts";
import { captureCall, claimFor, PASSWORD, preparedPayment, product, setStock, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { TEST_DATABASE } from "./helpers/test-app.ts";

// Issue 37's chargeback memory: a dispute or reversal freezes the account's store credit and points in
// the webhook's transaction; staff with the `risk` permission clear it with a note (audited); the Risk
// view lists disputes and reversals per month with the money lost.
const { paypal, store } = await createPayPalTestStore({});
const admin = await signInAdmin(store);
const supportEmail = `support-cb-${Date.now()}@shop.test`;
await signIn(store, supportEmail);
await joinStaff(store, admin, supportEmail, "support");
const support = store.client();
expect((await support.call(adminLogin.POST, "/api/auth/login", { body: { email: supportEmail, password: PASSWORD } })).status).toBe(200);
const item = await product(store, "1,700 Robux Pack"); // 19.99
await setStock(store, item.id, 1000);
let n = 0;
type Browser = Awaited<ReturnType<typeof signIn>>;

async function shopperWithCredit(): Promise<Browser> {
  const buyer = await signIn(store, `chargeback${++n}-${Date.now()}@shop.test`);
  const res = await admin.call(storeCredit.PATCH, `/x`, { method: "PATCH", params: { userId: buyer.userId }, body: { amount: "5.00", operation: "set" } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return buyer;
}

async function paidOrder(buyer: Browser) {
  const { paymentId } = await preparedPayment(buyer, item.id, 1, { robloxUsername: `Cb_${n}` });
  paypal.next("capture", "orders-capture-completed-payer", { payerId: `PAYER${buyer.userId.slice(0, 8)}`, payerEmail: buyer.email, payerCountry: "US" });
  const res = await captureCall(buyer, paymentId);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.order.id as string;
  const row = await store.app.db.selectFrom("orders").select(["captureId", "paymentId"]).where("id", "=", id).executeTakeFirstOrThrow();
  return { id, captureId: row.captureId!, paymentId: row.paymentId };
}

async function deliver(name: string, vars: Record<string, string>) {
  const delivered = paypal.webhook(name, vars);
  return store.call(webhook.POST, "/paypal/webhook", { rawBody: delivered.body, headers: delivered.headers });
}

async function prepareWith(buyer: Browser, useStoreCredit: boolean) {
  expect((await buyer.call(cart.POST, "/api/cart", { body: { productId: item.id, quantity: 1 } })).status).toBeLessThan(300);
  return buyer.call(prepare.POST, "/api/checkout/prepare", { body: await claimFor(buyer, { useStoreCredit, robloxUsername: `Cb_${n}` }) });
}

const freezeOf = (browser: ReturnType<typeof store.client>, userId: string) => browser.call(freeze.GET, "/x", { params: { userId } });
const clear = (browser: ReturnType<typeof store.client>, userId: string, body: unknown) => browser.call(freeze.POST, "/x", { params: { userId }, body });

describe(`chargeback memory on ${TEST_DATABASE}`, () => {
  it("a dispute freezes the account: credit refused at checkout, points not redeemable, the dashboard says so; staff clear it with a note", async () => {
    const buyer = await shopperWithCredit();
    expect((await buyer.call(points.GET, "/api/points")).body.onHold).toBe(false);
    const order = await paidOrder(buyer);
    const opened = await deliver("webhook-customer-dispute-created", { disputeId: `PP-D-CB${n}`, captureId: order.captureId, amount: "19.99" });
    expect(opened.body).toMatchObject({ result: "applied" });

    expect((await buyer.call(points.GET, "/api/points")).body).toMatchObject({ onHold: true, storeCredit: "5.00" });
    const refused = await prepareWith(buyer, true);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/on hold/);
    expect(JSON.stringify(refused.body)).not.toMatch(/dispute|chargeback|reversal/i);
    expect((await buyer.call(redeem.POST, "/api/points/redeem", { body: { points: 5000 } })).status).toBe(409);
    // Paying in full is still possible.
    expect((await prepareWith(buyer, false)).status).toBe(201);

    expect((await freezeOf(support, buyer.userId)).body).toMatchObject({ frozen: true, orderId: order.id });
    expect((await clear(support, buyer.userId, { action: "clear", note: "Looks fine" })).status).toBe(403);
    expect((await clear(buyer, buyer.userId, { action: "clear", note: "Me" })).status).toBe(403);
    expect((await clear(store.client(), buyer.userId, { action: "clear", note: "Anyone" })).status).toBe(401);
    expect((await freezeOf(buyer, buyer.userId)).status).toBe(403);
    expect((await clear(admin, buyer.userId, { action: "clear", note: "  " })).status).toBe(400);

    const cleared = await clear(admin, buyer.userId, { action: "clear", note: "Buyer withdrew the dispute by phone" });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body).toMatchObject({ frozen: false, clearNote: "Buyer withdrew the dispute by phone" });
    expect((await clear(admin, buyer.userId, { action: "clear", note: "again" })).status).toBe(409);
    const trail = (await admin.call(audit.GET, "/api/admin/audit", { query: { kind: "account.freezeClear" } })).body.entries as any[];
    expect(trail.find((e) => e.entityId === buyer.userId)).toMatchObject({
      before: { clearedAt: null },
      after: { note: "Buyer withdrew the dispute by phone" },
    });

    expect((await buyer.call(points.GET, "/api/points")).body.onHold).toBe(false);
    const allowed = await prepareWith(buyer, true);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(201);
    expect(allowed.body.creditApplied).toBe("5.00");
  });

  it("a reversal freezes the account; after a clear, a dispute on the same order freezes it again; both are remembered", async () => {
    const buyer = await shopperWithCredit();
    const order = await paidOrder(buyer);
    const vars = { captureId: order.captureId, orderId: order.paymentId, amount: "19.99", referenceId: "chk" };
    expect((await deliver("webhook-payment-capture-reversed", vars)).body).toMatchObject({ result: "applied" });
    expect((await clear(admin, buyer.userId, { action: "clear", note: "Bank error, refunded by the bank" })).status).toBe(200);
    const dispute = { disputeId: `PP-D-CB${n}`, captureId: order.captureId, amount: "19.99" };
    expect((await deliver("webhook-customer-dispute-created", dispute)).body).toMatchObject({ result: "applied" });
    expect((await freezeOf(admin, buyer.userId)).body.frozen).toBe(true);
    const rows = await store.app.db.selectFrom("chargebacks").selectAll().where("orderId", "=", order.id).execute();
    expect(rows.map((r) => r.kind).sort()).toEqual(["dispute", "reversal"]);
    expect(rows.find((r) => r.kind === "reversal")!.amountCents).toBe(1999);
  });

  it("the Risk view lists disputes and reversals per month with outcome and money lost (support reads; shoppers 403, guests 401)", async () => {
    const buyer = await shopperWithCredit();
    const order = await paidOrder(buyer);
    const dispute = { disputeId: `PP-D-CB${n}`, captureId: order.captureId, amount: "19.99" };
    await deliver("webhook-customer-dispute-created", dispute);
    await deliver("webhook-customer-dispute-resolved", dispute); // RESOLVED_SELLER_FAVOUR: won

    const report = await support.call(disputes.GET, "/api/admin/risk/disputes", { query: { limit: "100" } });
    expect(report.status).toBe(200);
    const month = store.app.clock.now().toISOString().slice(0, 7);
    const row = (report.body.months as any[]).find((m) => m.month === month);
    // This file's three orders: a dispute (open), a reversal and a dispute of one order, a won dispute.
    expect(row).toMatchObject({ month, disputes: 3, reversals: 1, won: 1, lost: 1, open: 2, lostCents: 1999 });
    const won = (report.body.chargebacks as any[]).find((c) => c.orderId === order.id);
    expect(won).toMatchObject({ kind: "dispute", outcome: "RESOLVED_SELLER_FAVOUR", result: "won", amountCents: 1999, email: buyer.email });
    expect((report.body.frozen as any[]).map((f) => f.userId)).toContain(buyer.userId);
    expect(report.body.total).toBe(4);
    expect((await buyer.call(disputes.GET, "/api/admin/risk/disputes")).status).toBe(403);
    expect((await store.client().call(disputes.GET, "/api/admin/risk/disputes")).status).toBe(401);
  });
});
