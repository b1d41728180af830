import { describe, expect, it } from "vitest";
import * as analytics from "#src/pages/api/admin/analytics.ts";
import * as deliveryQueue from "#src/pages/api/admin/delivery-queue.ts";
import { analyticsProjections } from "#read-models/analytics/analytics-projections.ts";
import { rebuildProjections } from "#read-models/analytics/rebuild-projections.ts";
import { readModelSnapshot } from "./helpers/read-model-snapshot.ts";
import * as adminOrders from "#src/pages/api/admin/orders.ts";
import * as proof from "#src/pages/api/admin/orders/[id]/proof.ts";
import * as orders from "#src/pages/api/orders/index.ts";
import * as proofFile from "#src/pages/api/orders/[id]/proofs/[file].ts";
import * as status from "#src/pages/api/orders/[id]/status.ts";
import * as timeline from "#src/pages/api/orders/[id]/timeline.ts";
import * as points from "#src/pages/api/points/index.ts";
import * as uploads from "#src/pages/uploads/[...path].ts";
import { manualClock } from "../fakes/in-memory-shopping.ts";
import { realImage } from "../support/images.ts";
import { captureCall, preparedPayment, product, setStock, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

const MINUTE = 60_000;
// A short promise (2 minutes) on a clock the test moves; the job is run by hand (runOnce).
const clock = manualClock(new Date().toISOString());
const store = await createTestApp({ clock, env: { DELIVERY_SLA_MINUTES: "2", SLA_CHECK_SECONDS: "0", SLA_COMPENSATION_POINTS: "500" } });
const admin = await signInAdmin(store);
const item = await product(store, "Titanic Cat");
await setStock(store, item.id, 1000);
let shoppers = 0;

async function paidOrder() {
  const shopper = await signIn(store, `late-${++shoppers}@shop.test`);
  const { paymentId } = await preparedPayment(shopper, item.id, 1);
  const captured = await captureCall(shopper, paymentId);
  expect(captured.status).toBe(201);
  return { shopper, order: captured.body.order as { id: string } };
}

const myOrder = async (browser: Awaited<ReturnType<typeof signIn>>, id: string) =>
  ((await browser.call(orders.GET, "/api/orders")).body as { id: string }[]).find((o) => o.id === id) as Record<string, unknown>;
const timelineOf = (browser: { call: typeof admin.call }, id: string) => browser.call(timeline.GET, `/api/orders/${id}/timeline`, { params: { id } });
const setStatus = (id: string, to: string) => admin.call(status.PATCH, `/api/orders/${id}/status`, { method: "PATCH", params: { id }, body: { status: to } });
const pointsOf = async (browser: Awaited<ReturnType<typeof signIn>>) => (await browser.call(points.GET, "/api/points")).body as { points: number };

describe(`the delivery promise on ${TEST_DATABASE}`, () => {
  it("every listed order carries paidAt, deliveryDueAt (paid + DELIVERY_SLA_MINUTES), deliveredAt and late", async () => {
    const { shopper, order } = await paidOrder();
    const mine = await myOrder(shopper, order.id);
    expect(mine).toMatchObject({ deliveredAt: null, late: false, deliveryStartedAt: null, compensationPoints: null });
    expect(new Date(mine["deliveryDueAt"] as string).getTime() - new Date(mine["paidAt"] as string).getTime()).toBe(2 * MINUTE);
    const listed = ((await admin.call(adminOrders.GET, "/api/admin/orders")).body as Record<string, unknown>[]).find((o) => o["id"] === order.id);
    expect(listed).toMatchObject({ paidAt: mine["paidAt"], deliveryDueAt: mine["deliveryDueAt"], deliveredAt: null, late: false });
  });

  it("a late order is compensated once: points with their reason, the audit trail, the timeline; a second run and a restarted process add nothing", async () => {
    const { shopper, order } = await paidOrder();
    const before = (await pointsOf(shopper)).points;
    clock.advance(2 * MINUTE + 1000);
    expect((await myOrder(shopper, order.id))["late"]).toBe(true); // late as soon as the deadline passed, before the job ran

    const settled = await store.app.lateOrders.runOnce();
    expect(settled).toContainEqual({ orderId: order.id, markedLate: true, compensated: true });
    expect(await store.app.lateOrders.runOnce()).not.toContainEqual(expect.objectContaining({ orderId: order.id }));
    // A restart: a new process (composition root) on the same database finds nothing to do.
    const restarted = store.sibling();
    expect(await restarted.lateOrders.runOnce()).not.toContainEqual(expect.objectContaining({ orderId: order.id }));

    expect((await pointsOf(shopper)).points).toBe(before + 500);
    const ledger = await store.app.db.selectFrom("points_ledger").selectAll().where("reference", "=", order.id).execute();
    expect(ledger).toEqual([expect.objectContaining({ reason: "late_delivery", amount: 500, userId: shopper.userId })]);
    const audit = await store.app.db.selectFrom("audit_entries").selectAll().where("entityId", "=", order.id).where("kind", "=", "order.late").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminId: "system" });
    expect(await myOrder(shopper, order.id)).toMatchObject({ late: true, compensationPoints: 500 });

    const lines = (await timelineOf(shopper, order.id)).body as { kind: string; text: string }[];
    expect(lines.map((l) => l.kind)).toEqual(["placed", "paid", "late", "compensated"]);
    expect(lines[3]!.text).toBe("Compensated with 500 points for the late delivery");

    // Delivered late afterwards: still late, still compensated once (the completion earns its purchase points).
    expect((await setStatus(order.id, "completed")).body).toMatchObject({ late: true, deliveredAt: expect.any(String) });
    await store.app.lateOrders.runOnce();
    const compensations = await store.app.db
      .selectFrom("points_ledger")
      .select("amount")
      .where("reason", "=", "late_delivery")
      .where("userId", "=", shopper.userId)
      .execute();
    expect(compensations).toEqual([{ amount: 500 }]);
  });

  it("cancelled orders are never compensated; delivered in time is never late", async () => {
    const cancelled = await paidOrder();
    const onTime = await paidOrder();
    expect((await setStatus(cancelled.order.id, "cancelled")).status).toBe(200);
    expect((await setStatus(onTime.order.id, "processing")).body).toMatchObject({ deliveryStartedAt: expect.any(String) });
    expect((await setStatus(onTime.order.id, "completed")).body).toMatchObject({ late: false, deliveredAt: expect.any(String) });
    clock.advance(10 * MINUTE);
    const settled = (await store.app.lateOrders.runOnce()).map((s) => s.orderId);
    expect(settled).not.toContain(cancelled.order.id);
    expect(settled).not.toContain(onTime.order.id);
    expect(await myOrder(onTime.shopper, onTime.order.id)).toMatchObject({ late: false, compensationPoints: null });
    expect(await myOrder(cancelled.shopper, cancelled.order.id)).toMatchObject({ compensationPoints: null });
    expect((await timelineOf(onTime.shopper, onTime.order.id)).body.map((l: { kind: string }) => l.kind)).toEqual([
      "placed",
      "paid",
      "delivery_started",
      "delivered",
    ]);
  });

  it("warns staff once about an order nobody has started near its deadline (the 2-minute promise is always within 5 minutes)", async () => {
    const { order } = await paidOrder();
    const started = await paidOrder();
    await setStatus(started.order.id, "processing");
    const queue = await admin.call(deliveryQueue.GET, "/api/admin/delivery-queue");
    expect(queue.body.atRisk).toBeGreaterThanOrEqual(1);
    await store.app.lateOrders.runOnce();
    await store.app.lateOrders.runOnce();
    const rows = await store.app.db.selectFrom("orders").select(["id", "atRiskAt"]).where("id", "in", [order.id, started.order.id]).execute();
    expect(rows.find((r) => r.id === order.id)?.atRiskAt).not.toBeNull();
    expect(rows.find((r) => r.id === started.order.id)?.atRiskAt).toBeNull();
    const events = await store.app.db.selectFrom("events").select("payload").where("type", "=", "OrderDeliveryAtRisk").execute();
    expect(events.filter((e) => JSON.parse(e.payload).orderId === order.id)).toHaveLength(1);
    expect(events.filter((e) => JSON.parse(e.payload).orderId === started.order.id)).toHaveLength(0);
    await setStatus(order.id, "cancelled");
    await setStatus(started.order.id, "cancelled");
  });

  it("the delivery queue lists paid, undelivered orders by time left, overdue ones counted, for staff only", async () => {
    const { order: older } = await paidOrder();
    clock.advance(MINUTE);
    const { shopper, order: newer } = await paidOrder();
    clock.advance(90_000); // older is overdue, newer has 30 s left
    const res = await admin.call(deliveryQueue.GET, "/api/admin/delivery-queue");
    expect(res.status).toBe(200);
    const ids = (res.body.orders as { id: string }[]).map((o) => o.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(res.body.overdue).toBeGreaterThanOrEqual(1);
    expect(res.body.count).toBe(ids.length);
    expect(res.body.orders.find((o: { id: string }) => o.id === newer.id)).toMatchObject({ late: false, deliveryStartedBy: null });
    await setStatus(newer.id, "processing");
    const taken = (await admin.call(deliveryQueue.GET, "/api/admin/delivery-queue")).body.orders.find((o: { id: string }) => o.id === newer.id);
    expect(taken).toMatchObject({ status: "processing", deliveryStartedBy: "admin@shop.test", deliveryStartedAt: expect.any(String) });
    // The shopper's own list never names the staff member.
    expect(await myOrder(shopper, newer.id)).not.toHaveProperty("deliveryStartedBy");
    expect((await shopper.call(deliveryQueue.GET, "/api/admin/delivery-queue")).status).toBe(403);
    expect((await store.call(deliveryQueue.GET, "/api/admin/delivery-queue")).status).toBe(401);
    await setStatus(older.id, "completed");
    await setStatus(newer.id, "cancelled");
    const after = ((await admin.call(deliveryQueue.GET, "/api/admin/delivery-queue")).body.orders as { id: string }[]).map((o) => o.id);
    expect(after).not.toContain(older.id);
    expect(after).not.toContain(newer.id);
  });
});

describe(`delivery performance in analytics on ${TEST_DATABASE}`, () => {
  it("median minutes, the share delivered in time and late orders, today and over 30 days, reproduced by a rebuild", async () => {
    // A fresh day for this test's figures: tomorrow, noon UTC.
    clock.set(new Date(Date.parse(clock.now().toISOString().slice(0, 10)) + 36 * 3_600_000).toISOString());
    const quick = await paidOrder();
    const slow = await paidOrder();
    await paidOrder(); // never delivered
    clock.advance(MINUTE);
    await setStatus(quick.order.id, "completed"); // 1 minute, in time
    clock.advance(2 * MINUTE);
    await setStatus(slow.order.id, "completed"); // 3 minutes, late
    await store.app.lateOrders.runOnce(); // `never` is late too
    const res = await admin.call(analytics.GET, "/api/admin/analytics");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ todayMedianDeliveryMinutes: 2, todayDeliveredWithinSlaRate: 0.5, todayLateOrders: 2 });
    expect(res.body.lateOrders).toBeGreaterThanOrEqual(2);
    expect(res.body.deliveredWithinSlaRate).toBeGreaterThan(0);
    expect(res.body.deliveredWithinSlaRate).toBeLessThanOrEqual(1);
    const today = clock.now().toISOString().slice(0, 10);
    expect(res.body.deliveryByDay[today]).toEqual({ delivered: 2, medianDeliveryMinutes: 2, deliveredWithinSlaRate: 0.5, lateOrders: 2 });

    const live = await readModelSnapshot(store.app);
    await rebuildProjections(store.app.db, analyticsProjections({ timeZone: store.app.config.timeZone }));
    expect(await readModelSnapshot(store.app)).toEqual(live);
  });
});

describe(`timeline and delivery proof permissions on ${TEST_DATABASE}`, () => {
  it("the timeline answers its owner and staff; another shopper 403, a guest 401, an unknown order 404", async () => {
    const { shopper, order } = await paidOrder();
    const other = await signIn(store, `nosy-${++shoppers}@shop.test`);
    expect((await timelineOf(shopper, order.id)).status).toBe(200);
    expect((await timelineOf(admin, order.id)).status).toBe(200);
    expect((await timelineOf(other, order.id)).status).toBe(403);
    expect((await timelineOf(store.anonymous, order.id)).status).toBe(401);
    expect((await timelineOf(admin, "no-such-order")).status).toBe(404);
  });

  it("staff upload proof screenshots readable only by the order's owner and staff, shown on the delivered line", async () => {
    const { shopper, order } = await paidOrder();
    const other = await signIn(store, `nosy-${++shoppers}@shop.test`);
    const png = await realImage("png");
    const upload = (browser: { call: typeof admin.call }, base64Image: string, id = order.id) =>
      browser.call(proof.POST, `/api/admin/orders/${id}/proof`, { params: { id }, body: { base64Image } });

    expect((await upload(shopper, png.toString("base64"))).status).toBe(403);
    expect((await upload(store.anonymous, png.toString("base64"))).status).toBe(401);
    expect((await upload(admin, Buffer.from("<svg onload=alert(1)>").toString("base64"))).status).toBe(400);
    expect((await upload(admin, png.toString("base64"), "no-such-order")).status).toBe(404);
    const first = await upload(admin, `data:image/png;base64,${png.toString("base64")}`);
    expect(first.status).toBe(201);
    expect(first.body.url).toMatch(new RegExp(`^/api/orders/${order.id}/proofs/[0-9a-f-]{36}\\.png$`));
    clock.advance(1000);
    const second = await upload(admin, (await realImage("jpeg")).toString("base64"));
    expect(second.body.url).toMatch(/\.jpg$/);

    const file = first.body.url.split("/").pop() as string;
    const read = (browser: { call: typeof admin.call }, id = order.id, name = file) =>
      browser.call(proofFile.GET, `/api/orders/${id}/proofs/${name}`, { params: { id, file: name } });
    const mine = await read(shopper);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/png");
    expect(mine.headers.get("cache-control")).toBe("private, max-age=3600");
    expect((await read(admin)).status).toBe(200);
    expect((await read(other)).status).toBe(403);
    expect((await read(store.anonymous)).status).toBe(401);
    // Not through the public uploads route, and not through another order.
    expect((await store.call(uploads.GET, `/uploads/proofs/${file}`, { params: { path: `proofs/${file}` } })).status).toBe(404);
    const { order: otherOrder } = await paidOrder();
    expect((await read(admin, otherOrder.id)).status).toBe(404);

    expect((await setStatus(order.id, "completed")).status).toBe(200);
    const delivered = ((await timelineOf(shopper, order.id)).body as { kind: string; proofUrl?: string; proofUrls?: string[] }[]).find(
      (l) => l.kind === "delivered",
    );
    expect(delivered).toMatchObject({ proofUrl: first.body.url, proofUrls: [first.body.url, second.body.url] });
    const audit = await store.app.db
      .selectFrom("audit_entries")
      .select(["kind", "after"])
      .where("entityId", "=", order.id)
      .where("kind", "=", "order.proof")
      .execute();
    expect(audit.map((a) => JSON.parse(a.after))).toEqual([{ proofs: 1 }, { proofs: 2 }]);

    expect((await setStatus(order.id, "cancelled")).status).toBe(200);
    expect((await upload(admin, png.toString("base64"))).status).toBe(409);
  });
});
