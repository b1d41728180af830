import { describe, expect, it } from "vitest";
import * as adminProduct from "#src/pages/api/admin/products/[id].ts";
import * as publicProduct from "#src/pages/api/products/[id].ts";
import * as deliveryHours from "#src/pages/api/admin/settings/delivery-hours.ts";
import * as orders from "#src/pages/api/orders/index.ts";
import * as ready from "#src/pages/api/orders/[id]/ready.ts";
import * as waiting from "#src/pages/api/admin/orders/[id]/waiting-for-buyer.ts";
import * as timeline from "#src/pages/api/orders/[id]/timeline.ts";
import * as deliveryQueue from "#src/pages/api/admin/delivery-queue.ts";
import { manualClock } from "../fakes/in-memory-shopping.ts";
import { captureCall, preparedPayment, product, setStock, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

const MINUTE = 60_000;
// Wednesday 2 December 2026, 12:00 UTC; the job is run by hand.
const clock = manualClock("2026-12-02T12:00:00.000Z");
const store = await createTestApp({ clock, env: { DELIVERY_SLA_MINUTES: "20", SLA_CHECK_SECONDS: "0", SLA_COMPENSATION_POINTS: "500" } });
const admin = await signInAdmin(store);
const item = await product(store, "Titanic Cat");
await setStock(store, item.id, 1000);
let shoppers = 0;

async function paidOrder() {
  const shopper = await signIn(store, `promise-${++shoppers}@shop.test`);
  const { paymentId } = await preparedPayment(shopper, item.id, 1);
  const captured = await captureCall(shopper, paymentId);
  expect(captured.status).toBe(201);
  return { shopper, order: captured.body.order as { id: string } };
}
const myOrder = async (browser: Awaited<ReturnType<typeof signIn>>, id: string) =>
  ((await browser.call(orders.GET, "/api/orders")).body as { id: string }[]).find((o) => o.id === id) as Record<string, unknown>;
const setMinutes = (deliveryMinutes: number | null) =>
  admin.call(adminProduct.PATCH, `/api/admin/products/${item.id}`, { method: "PATCH", params: { id: item.id }, body: { deliveryMinutes } });
const setHours = (body: unknown) => admin.call(deliveryHours.PUT, "/api/admin/settings/delivery-hours", { method: "PUT", body });
const kinds = async (browser: { call: typeof admin.call }, id: string) =>
  ((await browser.call(timeline.GET, `/api/orders/${id}/timeline`, { params: { id } })).body as { kind: string }[]).map((l) => l.kind);
const dueIn = (order: Record<string, unknown>) => new Date(order["dueAt"] as string).getTime() - new Date(order["paidAt"] as string).getTime();

describe(`promises per product, staffed hours and the buyer's readiness on ${TEST_DATABASE}`, () => {
  it("a product's own delivery time is shown and is the order's promise; editing it later moves no promise made", async () => {
    expect((await admin.call(publicProduct.GET, `/api/products/${item.id}`, { params: { id: item.id } })).body).toMatchObject({
      deliveryMinutes: 20,
      deliveryStarts: null,
    });
    expect((await setMinutes(45)).status).toBe(200);
    expect((await admin.call(publicProduct.GET, `/api/products/${item.id}`, { params: { id: item.id } })).body).toMatchObject({ deliveryMinutes: 45 });
    const { shopper, order } = await paidOrder();
    const mine = await myOrder(shopper, order.id);
    expect(mine).toMatchObject({ promiseMinutes: 45, readiness: null });
    expect(dueIn(mine)).toBe(45 * MINUTE);
    expect(mine["dueAt"]).toBe(mine["deliveryDueAt"]);
    await setMinutes(5);
    expect(await myOrder(shopper, order.id)).toMatchObject({ promiseMinutes: 45, dueAt: mine["dueAt"] });
    expect((await setMinutes(0)).status).toBe(400);
    await setMinutes(null);
  });

  it("the owner's staffed hours are kept; an order paid outside them is due from their start, and the product page says when", async () => {
    expect((await admin.call(deliveryHours.GET, "/api/admin/settings/delivery-hours")).body).toEqual({ timeZone: "UTC", days: {} });
    const refused = await setHours({ timeZone: "Mars/Olympus", days: {} });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/not a time zone/);
    const weekdays = { mon: [["08:00", "22:00"]], tue: [["08:00", "22:00"]], wed: [["08:00", "22:00"]], thu: [["08:00", "22:00"]], fri: [["08:00", "22:00"]] };
    expect((await setHours({ timeZone: "UTC", days: weekdays })).status).toBe(200);
    expect((await admin.call(deliveryHours.GET, "/api/admin/settings/delivery-hours")).body).toEqual({ timeZone: "UTC", days: weekdays });
    const shopperOnly = await signIn(store, "not-staff@shop.test");
    expect(
      (await shopperOnly.call(deliveryHours.PUT, "/api/admin/settings/delivery-hours", { method: "PUT", body: { timeZone: "UTC", days: {} } })).status,
    ).toBe(403);

    clock.set("2026-12-02T23:00:00.000Z");
    expect((await admin.call(publicProduct.GET, `/api/products/${item.id}`, { params: { id: item.id } })).body).toMatchObject({
      deliveryStarts: { at: "2026-12-03T08:00:00.000Z", text: "Delivery starts Thu 08:00 UTC, in 9 h" },
    });
    const { shopper, order } = await paidOrder();
    const mine = await myOrder(shopper, order.id);
    expect(mine["dueAt"]).toBe("2026-12-03T08:20:00.000Z");
    expect(await kinds(shopper, order.id)).toEqual(["placed", "paid", "hours"]);
    clock.set("2026-12-03T08:00:00.000Z");
    expect((await myOrder(shopper, order.id))["late"]).toBe(false);
    await setHours({ timeZone: "UTC", days: {} });
  });

  it('an order waiting for its buyer is never late or compensated, and is due again from "I\'m ready"', async () => {
    const { shopper, order } = await paidOrder();
    const other = await signIn(store, "someone-else@shop.test");
    expect((await other.call(ready.POST, `/api/orders/${order.id}/ready`, { method: "POST", params: { id: order.id } })).status).toBe(404);
    const waited = await admin.call(waiting.POST, `/api/admin/orders/${order.id}/waiting-for-buyer`, {
      method: "POST",
      params: { id: order.id },
      body: { note: "Join the private server from your order page" },
    });
    expect(waited.status).toBe(200);
    expect(waited.body).toMatchObject({ readiness: "waiting_for_buyer", dueAt: null, readinessNote: "Join the private server from your order page" });

    // Staff still see it in the Delivery queue, without a deadline.
    const queue = (await admin.call(deliveryQueue.GET, "/api/admin/delivery-queue")).body as { orders: Record<string, unknown>[]; waiting: number };
    expect(queue.waiting).toBe(1);
    expect(queue.orders.find((o) => o["id"] === order.id)).toMatchObject({ readiness: "waiting_for_buyer", dueAt: null });

    clock.advance(3 * 60 * MINUTE);
    const settled = await store.app.lateOrders.runOnce();
    expect(settled).not.toContainEqual(expect.objectContaining({ orderId: order.id }));
    expect(await myOrder(shopper, order.id)).toMatchObject({ late: false, compensationPoints: null, dueAt: null });

    const readyAt = clock.now().getTime();
    const answer = await shopper.call(ready.POST, `/api/orders/${order.id}/ready`, { method: "POST", params: { id: order.id } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ readiness: "ready", late: false });
    expect(new Date(answer.body.dueAt).getTime() - readyAt).toBe(20 * MINUTE);
    expect(await kinds(shopper, order.id)).toEqual(["placed", "paid", "waiting_for_buyer", "ready"]);
    const events = await store.app.db.selectFrom("events").select("payload").where("type", "=", "OrderReadinessChanged").execute();
    expect(events.map((e) => JSON.parse(e.payload).readiness)).toEqual(["waiting_for_buyer", "ready"]);

    // Late again only once the new promise passes.
    clock.advance(21 * MINUTE);
    expect(await store.app.lateOrders.runOnce()).toContainEqual(expect.objectContaining({ orderId: order.id, markedLate: true }));
  });
});
