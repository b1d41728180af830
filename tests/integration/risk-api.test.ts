import { describe, expect, it } from "vitest";
import * as adminOrders from "#src/pages/api/admin/orders.ts";
import * as decide from "#src/pages/api/admin/orders/[id]/risk.ts";
import * as settings from "#src/pages/api/admin/risk/settings.ts";
import * as blocklist from "#src/pages/api/admin/blocklist.ts";
import * as blockEntry from "#src/pages/api/admin/blocklist/[id].ts";
import * as deliveryQueue from "#src/pages/api/admin/delivery-queue.ts";
import * as audit from "#src/pages/api/admin/audit.ts";
import * as orders from "#src/pages/api/orders/index.ts";
import * as cart from "#src/pages/api/cart/index.ts";
import * as prepare from "#src/pages/api/checkout/prepare.ts";
import * as webhook from "#src/pages/paypal/webhook.ts";
import { captureCall, claimFor, preparedPayment, product, setStock, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createPayPalTestStore } from "./helpers/paypal-store.ts";
import { TEST_DATABASE } from "./helpers/test-app.ts";
import { lastEventId, readLiveEventsAfter } from "#read-models/live/live-events.queries.ts";

// Issue 37 with the PayPal adapter against the recorded fixtures (as paypal-payments-api.test.ts):
// risk checks at payment, the hold, staff decisions, the blocklist at checkout and chargeback memory.
const { paypal, clock, store } = await createPayPalTestStore({ DELIVERY_SLA_MINUTES: "20", SLA_CHECK_SECONDS: "0", SLA_COMPENSATION_POINTS: "500" });
const admin = await signInAdmin(store);
let n = 0;
type Browser = Awaited<ReturnType<typeof signIn>>;
const shopper = () => signIn(store, `risk${++n}@shop.test`);
const ITEM = "1,700 Robux Pack"; // 19.99
const item = await product(store, ITEM);
await setStock(store, item.id, 1000);
const stockOf = async () => (await product(store, ITEM)).stock;

/**
 * A paid order of `quantity` packs for `robloxUsername` (each test its own, so no username is shared),
 * paid by the buyer's own PayPal account (orders-capture-completed-payer.json: its email, a payer id of its own).
 */
async function pay(buyer: Browser, robloxUsername: string, quantity = 1) {
  const { paymentId } = await preparedPayment(buyer, item.id, quantity, { robloxUsername });
  paypal.next("capture", "orders-capture-completed-payer", { payerId: `PAYER${buyer.userId.slice(0, 8)}`, payerEmail: buyer.email, payerCountry: "US" });
  const res = await captureCall(buyer, paymentId);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.order.id as string;
  const row = await store.app.db
    .selectFrom("orders")
    .select(["captureId", "paymentId", "deliveryDueAt", "paidAt"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return { id, ...row, shown: res.body.order };
}
const adminOrder = async (id: string) => ((await admin.call(adminOrders.GET, "/api/admin/orders")).body as any[]).find((o) => o.id === id);
const myOrder = async (buyer: Browser, id: string) => ((await buyer.call(orders.GET, "/api/orders")).body as any[]).find((o) => o.id === id);
const heldIds = async () => ((await admin.call(adminOrders.GET, "/api/admin/orders", { query: { risk: "held" } })).body as any[]).map((o) => o.id);
const queued = async () => ((await admin.call(deliveryQueue.GET, "/api/admin/delivery-queue")).body.orders as any[]).map((o) => o.id);
const decision = (id: string, body: Record<string, unknown>) => admin.call(decide.POST, `/api/admin/orders/${id}/risk`, { params: { id }, body });
/** The emails of an order (the claim's address is every test's "buyer@shop.test": found by the order's id). */
const mailsOf = async (orderId: string, template: string) =>
  store.app.db.selectFrom("mail_outbox").select("id").where("template", "=", template).where("data", "like", `%${orderId}%`).execute();

describe(`risk checks on ${TEST_DATABASE}`, () => {
  it("the owner turns the checks on with the documented defaults", async () => {
    const res = await admin.call(settings.PATCH, "/api/admin/risk/settings", { method: "PATCH", body: { holdScore: 50 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ holdScore: 50, weights: { new_account: 15, large_first_order: 40, past_dispute: 100 } });
    expect((await admin.call(settings.GET, "/api/admin/risk/settings")).body.holdScore).toBe(50);
    const bad = await admin.call(settings.PATCH, "/api/admin/risk/settings", { method: "PATCH", body: { holdScore: 101 } });
    expect(bad.status).toBe(400);
  });

  it("a new account's ordinary first order (under $100) goes straight to delivery", async () => {
    const buyer = await shopper();
    const order = await pay(buyer, "Fresh_1");
    expect(order.deliveryDueAt).not.toBeNull();
    expect((await adminOrder(order.id)).risk).toMatchObject({ state: "clear", score: 35 });
    expect(await queued()).toContain(order.id);
  });

  it("a high-risk order is held: paid, out of the delivery queue, never late while held, the shopper told; approve starts its clock", async () => {
    const buyer = await shopper();
    const order = await pay(buyer, "Big_1", 6); // a first order of $119.94
    expect(order.paidAt).not.toBeNull();
    expect(order.deliveryDueAt).toBeNull();
    expect(await myOrder(buyer, order.id)).toMatchObject({ risk: { state: "held" } });
    expect((await myOrder(buyer, order.id)).risk).toEqual({ state: "held" });
    const seen = await adminOrder(order.id);
    expect(seen.risk.state).toBe("held");
    expect(seen.risk.score).toBeGreaterThanOrEqual(50);
    expect(seen.risk.reasons).toContain("A first order of $100 or more");
    expect(await heldIds()).toContain(order.id);
    expect(await queued()).not.toContain(order.id);
    expect(await mailsOf(order.id, "order_held")).toHaveLength(1);

    clock.advance(3 * 60 * 60_000);
    expect(await store.app.lateOrders.runOnce()).not.toContainEqual(expect.objectContaining({ orderId: order.id }));
    expect((await myOrder(buyer, order.id)).late).toBe(false);

    const approved = await decision(order.id, { decision: "approve", note: "Called the buyer" });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.risk.state).toBe("approved");
    const row = await store.app.db.selectFrom("orders").select("deliveryDueAt").where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(new Date(row.deliveryDueAt!).getTime()).toBe(clock.now().getTime() + 20 * 60_000);
    expect(await queued()).toContain(order.id);
    expect(await heldIds()).not.toContain(order.id);
    expect((await decision(order.id, { decision: "reject", note: "" })).status).toBe(409);
    const trail = (await admin.call(audit.GET, "/api/admin/audit", { query: { kind: "order.risk" } })).body.entries as any[];
    expect(trail.find((e) => e.entityId === order.id)).toMatchObject({ after: { state: "approved" } });
  });

  it("the delivery queue's answer counts held orders for the Orders badge and the Risk queue, and the live channel tells of the hold and the decision (issue 47)", async () => {
    const queue = async () => (await admin.call(deliveryQueue.GET, "/api/admin/delivery-queue")).body as { count: number; held: number };
    const before = await queue();
    const from = await lastEventId(store.app.db);
    const buyer = await shopper();
    const order = await pay(buyer, "Big_Count", 6);
    const held = await queue();
    expect(held).toMatchObject({ count: before.count, held: before.held + 1 });
    expect(held.held).toBe((await heldIds()).length);
    const told = async () =>
      (await readLiveEventsAfter(store.app.db, from, null, 100)).events.flatMap((e) =>
        e.view.kind === "order" && e.view.orderId === order.id ? [e.view.change] : [],
      );
    expect(await told()).toContain("held");
    expect((await decision(order.id, { decision: "approve", note: "" })).status).toBe(200);
    expect(await queue()).toMatchObject({ count: before.count + 1, held: before.held });
    expect(await told()).toContain("approved");
  });

  it("a rejected order is refunded to the payment, cancelled with its stock back, and the shopper told", async () => {
    const buyer = await shopper();
    const before = await stockOf();
    const order = await pay(buyer, "Big_2", 6);
    expect(await stockOf()).toBe(before - 6);
    const rejected = await decision(order.id, { decision: "reject", note: "Stolen account" });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    const seen = await adminOrder(order.id);
    expect(seen).toMatchObject({ status: "cancelled", paymentStatus: "refunded", risk: { state: "rejected" } });
    expect(await stockOf()).toBe(before);
    expect(await mailsOf(order.id, "order_refunded")).toHaveLength(1);
    expect(await mailsOf(order.id, "order_status")).toHaveLength(1);
    // The decision, cancellation and refund intent were one transaction; PayPal was then asked once, and
    // the queued intent is done (a failed call would have stayed queued for reconciliation).
    const refunds = paypal.calls.filter((c) => c.route === "refund" && c.path.includes(order.captureId!));
    expect(refunds.map((c) => c.requestId)).toEqual([`refund-${order.captureId}`]);
    expect(await store.app.db.selectFrom("payment_refund_queue").select("captureId").where("captureId", "=", order.captureId!).execute()).toEqual([]);
    const trail = (await admin.call(audit.GET, "/api/admin/audit", { query: { kind: "order.risk" } })).body.entries as any[];
    expect(trail.find((e) => e.entityId === order.id)).toMatchObject({ after: { state: "rejected" } });
  });

  it("a blocked Roblox username cannot check out: 403 with a message that names no entry", async () => {
    const added = await admin.call(blocklist.POST, "/api/admin/blocklist", { body: { kind: "roblox_username", value: "Thief_9", note: "Charged back twice" } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ kind: "roblox_username", value: "thief_9", expiresAt: null });
    const buyer = await shopper();
    expect((await buyer.call(cart.POST, "/api/cart", { body: { productId: item.id, quantity: 1 } })).status).toBeLessThan(300);
    const refused = await buyer.call(prepare.POST, "/api/checkout/prepare", { body: await claimFor(buyer, { robloxUsername: "THIEF_9" }) });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toMatch(/thief|block|username/i);
    expect((await admin.call(blocklist.GET, "/api/admin/blocklist")).body.map((b: any) => b.id)).toContain(added.body.id);
    expect((await admin.call(blockEntry.DELETE, "/x", { params: { id: added.body.id } })).status).toBe(204);
    const allowed = await buyer.call(prepare.POST, "/api/checkout/prepare", { body: await claimFor(buyer, { robloxUsername: "THIEF_9" }) });
    expect(allowed.status).toBe(201);
  });

  it("after a dispute, the account's next order is held", async () => {
    const buyer = await shopper();
    const first = await pay(buyer, "Disp_1");
    expect((await adminOrder(first.id)).risk.state).toBe("clear");
    const dispute = { disputeId: "PP-D-37", captureId: first.captureId!, amount: "19.99" };
    const delivered = paypal.webhook("webhook-customer-dispute-created", dispute);
    expect((await store.call(webhook.POST, "/paypal/webhook", { rawBody: delivered.body, headers: delivered.headers })).body).toMatchObject({
      result: "applied",
    });
    const next = await pay(buyer, "Disp_1");
    const seen = await adminOrder(next.id);
    expect(seen.risk.state).toBe("held");
    expect(seen.risk.reasons.join(" ")).toMatch(/dispute/);
    expect(next.deliveryDueAt).toBeNull();
  });
});
