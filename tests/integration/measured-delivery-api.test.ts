import { describe, expect, it } from "vitest";
import * as ready from "#src/pages/api/orders/[id]/ready.ts";
import * as status from "#src/pages/api/orders/[id]/status.ts";
import * as waiting from "#src/pages/api/admin/orders/[id]/waiting-for-buyer.ts";
import { createEventLog } from "#adapters/repositories/event-log.repository.ts";
import { analyticsProjections } from "#read-models/analytics/analytics-projections.ts";
import { rebuildProjections } from "#read-models/analytics/rebuild-projections.ts";
import { readMeasuredDelivery } from "#read-models/storefront/measured-delivery.query.ts";
import { manualClock } from "../fakes/in-memory-shopping.ts";
import { readModelSnapshot } from "./helpers/read-model-snapshot.ts";
import { captureCall, preparedPayment, product, setStock, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

const MINUTE = 60_000;
const clock = manualClock("2026-12-02T08:00:00.000Z");
const store = await createTestApp({ clock, env: { DELIVERY_SLA_MINUTES: "20", SLA_CHECK_SECONDS: "0", TIME_ZONE: "UTC" } });
const admin = await signInAdmin(store);
// Two products of one game (Pet Simulator 99) and one of another (Murder Mystery 2).
const cat = await product(store, "Huge Cat");
const dragon = await product(store, "Huge Pixel Dragon");
const harvester = await product(store, "Harvester");
for (const item of [cat, dragon, harvester]) await setStock(store, item.id, 100);
let shoppers = 0;

const later = (minutes: number) => clock.set(new Date(clock.now().getTime() + minutes * MINUTE).toISOString());
const setStatus = (id: string, to: string) => admin.call(status.PATCH, `/api/orders/${id}/status`, { method: "PATCH", params: { id }, body: { status: to } });
const measured = (item: { id: string; gameId: string }) => readMeasuredDelivery(store.app.db, item, { now: clock.now(), timeZone: "UTC" });

/** Pays an order of `item` now and delivers it `minutes` later; staff first wait `buyerWait` minutes for the buyer. */
async function deliver(item: { id: string }, minutes: number, buyerWait = 0) {
  const shopper = await signIn(store, `measured-${++shoppers}@shop.test`);
  const { paymentId } = await preparedPayment(shopper, item.id, 1);
  const captured = await captureCall(shopper, paymentId);
  expect(captured.status).toBe(201);
  const id = (captured.body.order as { id: string }).id;
  if (buyerWait > 0) {
    later(1);
    const waited = await admin.call(waiting.POST, `/api/admin/orders/${id}/waiting-for-buyer`, { method: "POST", params: { id }, body: { note: "" } });
    expect(waited.status).toBe(200);
    later(buyerWait);
    expect((await shopper.call(ready.POST, `/api/orders/${id}/ready`, { method: "POST", params: { id } })).status).toBe(200);
    later(minutes - 1);
  } else later(minutes);
  expect((await setStatus(id, "completed")).status).toBe(200);
  return id;
}

describe(`the product page's measured delivery time on ${TEST_DATABASE}`, () => {
  it("is the product's median once it has ten deliveries, without the time staff waited for the buyer", async () => {
    for (let i = 0; i < 5; i++) await deliver(cat, 10);
    // Waited 60 minutes for the buyer: 64 minutes from payment, 4 of them the shop's.
    for (let i = 0; i < 4; i++) await deliver(cat, 4, 60);
    expect(await measured(cat)).toBeNull(); // nine: too few, and the game has no more
    const waitedLong = await deliver(cat, 4, 60);
    const event = await store.app.db
      .selectFrom("events")
      .select("payload")
      .where("type", "=", "OrderDelivered")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(event.payload)).toMatchObject({ orderId: waitedLong, minutes: 64, productIds: [cat.id], gameIds: [cat.gameId] });
    // Five of 10 minutes and five of 4: the mean of the middle two, rounded (64 would make it 37).
    expect(await measured(cat)).toEqual({ scope: "product", medianMinutes: 7, deliveries: 10 });
  });

  it("is the game's median for a product with too few, and nothing for a game with too few", async () => {
    await deliver(dragon, 30);
    await deliver(harvester, 3);
    expect(await measured(dragon)).toEqual({ scope: "game", medianMinutes: 10, deliveries: 11 });
    expect(await measured(cat)).toEqual({ scope: "product", medianMinutes: 7, deliveries: 10 });
    expect(await measured(harvester)).toBeNull();
  });

  it("counts a delivery appended before the event named its products for none, and a rebuild gives the same", async () => {
    const before = await readModelSnapshot(store.app);
    await store.app.db.transaction().execute((trx) =>
      createEventLog(trx, store.app.eventListeners).append({
        type: "OrderDelivered",
        occurredAt: clock.now(),
        visitorId: null,
        userId: null,
        payload: {
          orderId: "order-from-before",
          paidAt: new Date(clock.now().getTime() - 90 * MINUTE).toISOString(),
          dueAt: clock.now().toISOString(),
          minutes: 90,
          late: true,
        },
      }),
    );
    const after = await readModelSnapshot(store.app);
    expect(after["rm_product_delivery_minutes"]).toEqual(before["rm_product_delivery_minutes"]);
    expect(after["rm_game_delivery_minutes"]).toEqual(before["rm_game_delivery_minutes"]);
    await rebuildProjections(store.app.db, analyticsProjections({ timeZone: "UTC" }));
    expect(await readModelSnapshot(store.app)).toEqual(after);
    expect(await measured(cat)).toEqual({ scope: "product", medianMinutes: 7, deliveries: 10 });
  });

  it("a reopened order delivered again counts once, at its new time", async () => {
    const id = await deliver(dragon, 20);
    expect(await measured(dragon)).toMatchObject({ scope: "game", deliveries: 12 });
    expect((await setStatus(id, "processing")).status).toBe(200);
    later(100);
    expect((await setStatus(id, "completed")).status).toBe(200);
    const rows = await store.app.db
      .selectFrom("rm_product_delivery_minutes")
      .selectAll()
      .where("productId", "=", dragon.id)
      .where("deliveries", ">", 0)
      .execute();
    expect(rows.map((row) => [Number(row.minutes), Number(row.deliveries)]).sort()).toEqual([
      [120, 1],
      [30, 1],
    ]);
    expect(await measured(dragon)).toMatchObject({ scope: "game", deliveries: 12 });
  });

  it("covers the last 30 days, today included", async () => {
    // Every delivery above was on 2 December (UTC): the 30th day is 31 December, then it is gone.
    clock.set("2026-12-31T23:59:00.000Z");
    expect(await measured(cat)).toEqual({ scope: "product", medianMinutes: 7, deliveries: 10 });
    clock.set("2027-01-01T00:00:00.000Z");
    expect(await measured(cat)).toBeNull();
    expect(await measured(dragon)).toBeNull();
  });
});
