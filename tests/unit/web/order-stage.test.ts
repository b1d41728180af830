import { describe, expect, it } from "vitest";
import { caseOpen, orderStage, type StagedOrderView } from "#src/lib/order-stage.ts";

// Issue 47: the shopper's dashboard said "Delivered to Roblox user ..." from payment on (pending,
// even held), a paid order read "Pending", and "I didn't get it" still showed "Completed".
const order = (over: Partial<StagedOrderView> = {}): StagedOrderView => ({
  status: "pending",
  paymentStatus: "paid",
  robloxUsername: "Builder_42",
  paidAt: "2026-11-21T10:00:00.000Z",
  deliveryDueAt: "2026-11-21T10:20:00.000Z",
  deliveredAt: null,
  receipt: null,
  risk: { state: "clear" },
  ...over,
});

describe("what the dashboard says an order is at", () => {
  it("says what is true at each step, naming the recipient as delivered only once it is", () => {
    expect(orderStage(order())).toEqual({ kind: "paid", badge: "Paid", recipient: "Paid, delivery to Roblox user Builder_42 within 20 min" });
    expect(orderStage(order({ risk: { state: "held" } }))).toMatchObject({ kind: "checking_payment", badge: "Checking your payment" });
    expect(orderStage(order({ paidAt: null, paymentStatus: "awaiting", deliveryDueAt: null }))).toMatchObject({ badge: "Checking your payment" });
    expect(orderStage(order({ status: "processing" }))).toMatchObject({ kind: "delivering", recipient: "Delivering to Roblox user Builder_42 now" });
    expect(orderStage(order({ status: "completed", deliveredAt: "2026-11-21T10:12:00.000Z" }))).toEqual({
      kind: "delivered",
      badge: "Completed",
      recipient: "Delivered to Roblox user Builder_42",
    });
    expect(orderStage(order({ status: "cancelled" }))).toMatchObject({ badge: "Cancelled", recipient: null });
    for (const paymentStatus of ["paid", "awaiting"]) {
      for (const stage of [order({ paymentStatus }), order({ paymentStatus, risk: { state: "held" } }), order({ paymentStatus, status: "processing" })])
        expect(orderStage(stage).recipient ?? "").not.toMatch(/^Delivered/);
    }
  });

  it("shows the open case after 'I didn't get it' until staff re-deliver or refund it", () => {
    const told = order({ status: "completed", deliveredAt: "2026-11-21T10:12:00.000Z", receipt: "not_received" });
    expect(caseOpen(told)).toBe(true);
    expect(orderStage(told)).toMatchObject({ kind: "case_open", badge: "Case open" });
    expect(orderStage(told).recipient).not.toMatch(/Delivered/);
    // Staff re-delivering puts it back to processing (then completed clears the answer); a refund closes it.
    expect(caseOpen({ ...told, status: "processing" })).toBe(false);
    expect(caseOpen({ ...told, paymentStatus: "refunded" })).toBe(false);
  });
});
