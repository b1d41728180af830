import { describe, expect, it } from "vitest";
import { changeOrderStatus } from "#domain/fulfilment/change-order-status.ts";
import { decideLateness, deliveryMinutes, isLate, offTheClock, timeLeftMs } from "#domain/fulfilment/delivery.ts";
import type { OrderStatus } from "#domain/orders/order.ts";
import { settleLateOrders } from "#domain/fulfilment/settle-late-orders.ts";
import { warnAtRiskOrders } from "#domain/fulfilment/warn-at-risk-orders.ts";
import { dragonFruitPaidOrder } from "../../fakes/shop-world.ts";
import { noClock } from "#domain/orders/delivery-clock.ts";

const MINUTE = 60_000;

/** A shop with a 20-minute promise, a clock the test moves, and a paid order of shopper u1. */
async function paidOrder() {
  const { shop, clock, ids, order } = await dragonFruitPaidOrder("2026-11-21T10:00:00.000Z");
  const change = (to: OrderStatus, actor = "admin-1") =>
    changeOrderStatus({ orderId: order.id, to, actorUserId: actor, visitorId: null }, { unitOfWork: shop.ordering, clock, ids });
  const settle = (points = 500) => settleLateOrders({ unitOfWork: shop.ordering, clock, compensationPoints: points });
  const stored = () => shop.state.orders.find((o) => o.id === order.id)!;
  return { shop, clock, order, change, settle, stored };
}

describe("the delivery clock", () => {
  it("starts when the payment is complete: due SLA minutes later, counting down, with placed and paid on the timeline", async () => {
    const { order, shop, clock } = await paidOrder();
    expect(order.delivery).toMatchObject({ paidAt: new Date("2026-11-21T10:00:00.000Z"), dueAt: new Date("2026-11-21T10:20:00.000Z"), deliveredAt: null });
    clock.advance(5 * MINUTE + 28_000);
    expect(timeLeftMs(order, clock.now())).toBe(14 * MINUTE + 32_000);
    expect(isLate(order, clock.now())).toBe(false);
    expect(shop.state.timeline.map((e) => e.kind)).toEqual(["placed", "paid"]);
  });

  it("an order awaiting payment has no clock: never late, never compensated", () => {
    const awaiting = { status: "pending" as const, paymentStatus: "awaiting", delivery: noClock };
    const muchLater = new Date("2030-01-01T00:00:00Z");
    expect(isLate(awaiting, muchLater)).toBe(false);
    expect(timeLeftMs(awaiting, muchLater)).toBeNull();
    expect(decideLateness(awaiting, muchLater, 500)).toBe("none");
  });

  it("issue 32: refunded in full (or reversed) leaves the clock: never late, never compensated; partially refunded stays", () => {
    const paidAt = new Date("2026-11-21T10:00:00Z");
    const dueAt = new Date("2026-11-21T10:20:00Z");
    const overdue = new Date("2026-11-21T11:00:00Z");
    const clock = { ...noClock, paidAt, dueAt };
    for (const paymentStatus of ["refunded", "reversed"]) {
      const order = { status: "pending" as const, paymentStatus, delivery: clock };
      expect(offTheClock(order)).toBe(true);
      expect(isLate(order, overdue)).toBe(false);
      expect(timeLeftMs(order, overdue)).toBeNull();
      expect(decideLateness(order, overdue, 500)).toBe("none");
    }
    const partly = { status: "processing" as const, paymentStatus: "partially_refunded", delivery: clock };
    expect(offTheClock(partly)).toBe(false);
    expect(isLate(partly, overdue)).toBe(true);
    expect(decideLateness(partly, overdue, 500)).toBe("compensate");
  });

  it("start delivery records who took it; delivered early is not late and costs nothing", async () => {
    const { change, clock, settle, stored, shop } = await paidOrder();
    clock.advance(3 * MINUTE);
    await change("processing", "admin-7");
    expect(stored().delivery).toMatchObject({ startedAt: clock.now(), startedBy: "admin-7" });
    clock.advance(9 * MINUTE);
    await change("completed");
    expect(deliveryMinutes(stored().delivery)).toBe(12);
    clock.advance(60 * MINUTE);
    expect(isLate(stored(), clock.now())).toBe(false);
    expect(await settle()).toEqual([]);
    expect(shop.state.compensations).toEqual([]);
    expect(shop.state.timeline.map((e) => e.kind)).toEqual(["placed", "paid", "delivery_started", "delivered"]);
  });

  it("delivered late stays late and is compensated once", async () => {
    const { change, clock, settle, stored, shop, order } = await paidOrder();
    clock.advance(25 * MINUTE);
    await change("completed");
    expect(isLate(stored(), clock.now())).toBe(true);
    expect(stored().delivery.lateAt).toEqual(order.delivery.dueAt);
    expect(await settle()).toEqual([{ orderId: order.id, markedLate: false, compensated: true }]);
    expect(await settle()).toEqual([]);
    expect(shop.state.compensations).toEqual([{ userId: "u1", orderId: order.id, points: 500 }]);
    // Reopened and delivered again: late stays late, and no second compensation.
    await change("processing");
    await change("completed");
    expect(isLate(stored(), clock.now())).toBe(true);
    expect(await settle()).toEqual([]);
    expect(shop.state.compensations).toHaveLength(1);
  });

  it("an undelivered order past its deadline is marked late and compensated exactly once, however often the job runs", async () => {
    const { clock, settle, stored, shop, order, change } = await paidOrder();
    clock.advance(20 * MINUTE);
    expect(await settle()).toEqual([]); // at the deadline itself: not late yet
    clock.advance(1000);
    expect(await settle()).toEqual([{ orderId: order.id, markedLate: true, compensated: true }]);
    for (let i = 0; i < 3; i++) expect(await settle()).toEqual([]);
    expect(shop.state.compensations).toEqual([{ userId: "u1", orderId: order.id, points: 500 }]);
    expect(stored().delivery).toMatchObject({ lateAt: order.delivery.dueAt, compensatedAt: clock.now(), compensationPoints: 500 });
    expect(shop.state.events.filter((e) => e.type === "OrderLate" || e.type === "OrderCompensated").map((e) => e.type)).toEqual([
      "OrderLate",
      "OrderCompensated",
    ]);
    expect(shop.state.audit).toEqual([expect.objectContaining({ actor: { id: "system", email: "system" }, kind: "order.late", entityId: order.id })]);
    expect(shop.state.timeline.map((e) => e.kind)).toEqual(["placed", "paid", "late", "compensated"]);
    // The shopper is emailed once, with the points.
    expect(shop.state.mail.filter((m) => m.template === "order_late").map((m) => m.data)).toEqual([
      { orderId: order.id, robloxUsername: order.robloxUsername, points: 500 },
    ]);
    // Delivered afterwards: still late.
    await change("completed");
    expect(isLate(stored(), clock.now())).toBe(true);
  });

  it("a failed transaction stops the run, reports the error and loses nothing: the next run compensates", async () => {
    const { clock, shop, order } = await paidOrder();
    clock.advance(21 * MINUTE);
    const errors: unknown[] = [];
    const failing = {
      run: <T>(work: (r: Parameters<Parameters<typeof shop.ordering.run>[0]>[0]) => Promise<T>) =>
        shop.ordering.run(async (r) =>
          work({ ...r, rewards: { ...r.rewards, lateDeliveryCompensation: async () => Promise.reject(new Error("connection lost")) } }),
        ),
    };
    expect(await settleLateOrders({ unitOfWork: failing, clock, compensationPoints: 500, onError: (e) => errors.push(e) })).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(shop.state.compensations).toEqual([]);
    expect(shop.state.orders[0]!.delivery.compensatedAt).toBeNull(); // rolled back with the failed transaction
    expect(await settleLateOrders({ unitOfWork: shop.ordering, clock, compensationPoints: 500 })).toEqual([
      { orderId: order.id, markedLate: true, compensated: true },
    ]);
  });

  it("a cancelled order is never compensated, and a refunded one (cancelled) neither", async () => {
    const { clock, settle, shop, change } = await paidOrder();
    clock.advance(10 * MINUTE);
    await change("cancelled");
    clock.advance(60 * MINUTE);
    expect(await settle()).toEqual([]);
    expect(shop.state.compensations).toEqual([]);
  });

  it("with compensation off (0 points) a late order is marked late but credited nothing", async () => {
    const { clock, settle, shop, order } = await paidOrder();
    clock.advance(21 * MINUTE);
    expect(await settle(0)).toEqual([{ orderId: order.id, markedLate: true, compensated: false }]);
    expect(await settle(0)).toEqual([]);
    expect(shop.state.compensations).toEqual([]);
    expect(shop.state.mail.filter((m) => m.template === "order_late").map((m) => m.data)).toEqual([
      { orderId: order.id, robloxUsername: order.robloxUsername, points: 0 },
    ]);
  });

  it("warns once when nobody has started an order 5 minutes before its deadline; a started order is not at risk", async () => {
    const { clock, shop, order } = await paidOrder();
    const warn = () => warnAtRiskOrders({ unitOfWork: shop.ordering, clock });
    clock.advance(14 * MINUTE);
    expect(await warn()).toEqual([]); // 6 minutes left
    clock.advance(MINUTE);
    expect(await warn()).toEqual([order.id]);
    expect(await warn()).toEqual([]);
    expect(shop.state.events.filter((e) => e.type === "OrderDeliveryAtRisk")).toHaveLength(1);

    const other = await paidOrder();
    other.clock.advance(10 * MINUTE);
    await other.change("processing");
    other.clock.advance(6 * MINUTE);
    expect(await warnAtRiskOrders({ unitOfWork: other.shop.ordering, clock: other.clock })).toEqual([]);
  });

  it("the status dropdown drives the same clock: completed without proof delivers; reopening runs the clock again", async () => {
    const { change, clock, stored } = await paidOrder();
    clock.advance(2 * MINUTE);
    await change("completed");
    expect(stored().delivery.deliveredAt).toEqual(clock.now());
    expect(stored().delivery.startedAt).toEqual(clock.now());
    await change("pending");
    expect(stored().delivery.deliveredAt).toBeNull();
    clock.advance(30 * MINUTE);
    expect(isLate(stored(), clock.now())).toBe(true);
  });
});

describe("the late-order job's batches (issue 33)", () => {
  it("pauses after each order's transaction, so requests are served between two orders", async () => {
    const first = await paidOrder();
    first.clock.advance(25 * MINUTE);
    const pauses: number[] = [];
    const settled = await settleLateOrders({
      unitOfWork: first.shop.ordering,
      clock: first.clock,
      compensationPoints: 500,
      pause: async () => {
        pauses.push(first.shop.state.compensations.length);
      },
    });
    expect(settled).toHaveLength(1);
    // One pause after the one order, taken once its transaction had committed (its compensation stored).
    expect(pauses).toEqual([1]);
  });
});
