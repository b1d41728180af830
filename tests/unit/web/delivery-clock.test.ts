import { describe, expect, it } from "vitest";
import { clockOffset, deliveryLine, formatCountdown, timeLeftLabel, waitedLabel, type ClockedOrderView } from "#src/lib/delivery-clock.ts";
import { ordersBadge } from "#src/stores/delivery-queue.ts";

const PAID = "2026-11-21T10:00:00.000Z";
const DUE = "2026-11-21T10:20:00.000Z";
const at = (iso: string) => Date.parse(iso);
const order = (over: Partial<ClockedOrderView> = {}): ClockedOrderView => ({
  status: "pending",
  paymentStatus: "paid",
  paidAt: PAID,
  deliveryDueAt: DUE,
  deliveredAt: null,
  late: false,
  compensationPoints: null,
  ...over,
});

describe("the shopper's delivery line", () => {
  it("counts down while the promise runs", () => {
    expect(deliveryLine(order(), at("2026-11-21T10:05:28.000Z"))).toEqual({ kind: "countdown", text: "Delivery within 14:32", msLeft: 872_000 });
    expect(formatCountdown(3_909_000)).toBe("1:05:09");
    expect(formatCountdown(-5)).toBe("0:00");
  });

  it("says how long delivery took", () => {
    expect(deliveryLine(order({ status: "completed", deliveredAt: "2026-11-21T10:11:10.000Z" }), at(DUE))).toEqual({
      kind: "delivered",
      text: "Delivered in 12 minutes",
    });
  });

  it("is honest when late, before and after the compensation, and after a late delivery", () => {
    expect(deliveryLine(order(), at("2026-11-21T10:20:01.000Z"))).toEqual({ kind: "late", text: "Late: we're on it, and you'll be compensated" });
    expect(deliveryLine(order({ late: true, compensationPoints: 500 }), at(DUE))).toEqual({
      kind: "late",
      text: "Late: we're on it, and you've been compensated with 500 points",
    });
    expect(deliveryLine(order({ status: "completed", late: true, compensationPoints: 500, deliveredAt: "2026-11-21T10:31:00.000Z" }), at(DUE))?.text).toBe(
      "Delivered late, in 31 minutes: you've been compensated with 500 points",
    );
  });

  it("promises nothing while awaiting payment, when cancelled or for orders from before the clock", () => {
    expect(deliveryLine(order({ paidAt: null, deliveryDueAt: null }), at(DUE))).toBeNull();
    expect(deliveryLine(order({ deliveryDueAt: null }), at(DUE))).toBeNull();
    expect(deliveryLine(order({ status: "cancelled" }), at(DUE))).toBeNull();
    // Issue 32: paid back in full is off the clock; paid back in part still counts down.
    expect(deliveryLine(order({ paymentStatus: "refunded" }), at(DUE) + 60_000)).toBeNull();
    expect(deliveryLine(order({ paymentStatus: "partially_refunded" }), at(DUE) + 60_000)?.kind).toBe("late");
  });
});

describe("staff's time left", () => {
  it("shows time left, then how overdue", () => {
    expect(timeLeftLabel(DUE, at("2026-11-21T10:07:30.000Z"))).toEqual({ overdue: false, text: "12:30 left" });
    expect(timeLeftLabel(DUE, at("2026-11-21T10:23:10.000Z"))).toEqual({ overdue: true, text: "Overdue by 3:10" });
  });

  it("corrects the browser's clock by the server's", () => {
    expect(clockOffset("2026-11-21T10:00:05.000Z", at("2026-11-21T10:00:00.000Z"))).toBe(5000);
    expect(clockOffset(undefined, 1)).toBe(0);
  });
});

// Issue 47: a held order is paid and waits for staff; the panel says how long, and counts it.
describe("held orders in the panel", () => {
  it("says how long a held order has waited since payment", () => {
    expect(waitedLabel(PAID, at("2026-11-21T10:00:30.000Z"))).toBe("under a minute");
    expect(waitedLabel(PAID, at("2026-11-21T10:25:59.000Z"))).toBe("25 min");
    expect(waitedLabel(PAID, at("2026-11-21T12:00:00.000Z"))).toBe("2 h");
    expect(waitedLabel(PAID, at("2026-11-21T12:05:00.000Z"))).toBe("2 h 5 min");
    expect(waitedLabel(PAID, at("2026-11-22T10:00:00.000Z"))).toBe("1 day");
    expect(waitedLabel(PAID, at("2026-11-24T14:00:00.000Z"))).toBe("3 days 4 h");
  });

  it("the Orders badge counts held orders with the ones to deliver, and marks them urgent", () => {
    expect(ordersBadge({ count: 2, overdue: 0, atRisk: 0, held: 0 })).toEqual({ total: 2, said: "2 to deliver", urgent: false });
    expect(ordersBadge({ count: 0, overdue: 0, atRisk: 0, held: 1 })).toEqual({ total: 1, said: "0 to deliver, 1 held for review", urgent: true });
    expect(ordersBadge({ count: 3, overdue: 1, atRisk: 1, held: 2 })).toEqual({
      total: 5,
      said: "3 to deliver, 1 overdue, 1 not started and due within 5 minutes, 2 held for review",
      urgent: true,
    });
  });
});
