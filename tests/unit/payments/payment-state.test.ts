import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, type OrderStatus, DISPUTE_STATUSES, PAYMENT_STATUSES, type DisputeStatus, type PaymentStatus } from "#domain/orders/order.ts";
import { disputeMayBecome, mayBecome, paymentAllowsOrderStatus, refundAllowed, statusAfterRefund, statusesBefore } from "#domain/payments/payment-state.ts";

/**
 * The spec of the money's states, written out pair by pair (docs/payments.md): each test walks
 * every (from, to) pair and compares the table with this list, so a step added to or dropped from
 * the table, or a status added without deciding its steps, fails here.
 */
const PAYMENT_STEPS = new Set([
  "awaiting→paid", // capture: the review ended with the money in
  "awaiting→denied", // denied: the review ended without it
  "awaiting→reversed", // reversal of a payment still held
  "paid→partially_refunded", // partial refund
  "paid→refunded", // refund
  "paid→reversed", // reversal (chargeback)
  "partially_refunded→refunded", // the rest refunded
  "partially_refunded→reversed",
  "refunded→reversed",
]);

const DISPUTE_STEPS = new Set(["none→open", "none→resolved", "open→resolved", "resolved→open"]);

describe("the transitions table of an order's payment", () => {
  it("allows exactly the listed payment steps, for every (from, to) pair", () => {
    const pairs = PAYMENT_STATUSES.flatMap((from) => PAYMENT_STATUSES.map((to) => [from, to] as const));
    expect(pairs).toHaveLength(36);
    for (const [from, to] of pairs) expect(mayBecome(from, to), `${from}→${to}`).toBe(PAYMENT_STEPS.has(`${from}→${to}`));
  });

  it("gives each conditional update the statuses that may become its target, and nothing for a dead end", () => {
    for (const to of PAYMENT_STATUSES) {
      const expected = PAYMENT_STATUSES.filter((from) => PAYMENT_STEPS.has(`${from}→${to}`));
      expect(statusesBefore(to), to).toEqual(expected);
    }
    expect(statusesBefore("paid")).toEqual(["awaiting"]);
    expect(statusesBefore("denied")).toEqual(["awaiting"]);
    expect(statusesBefore("awaiting")).toEqual([]);
  });

  it("ends in denied and reversed: no step leaves them", () => {
    for (const to of PAYMENT_STATUSES) {
      expect(mayBecome("denied", to)).toBe(false);
      expect(mayBecome("reversed", to)).toBe(false);
    }
  });

  it("allows exactly the listed dispute steps, for every (from, to) pair", () => {
    for (const from of [null, ...DISPUTE_STATUSES] as (DisputeStatus | null)[]) {
      for (const to of DISPUTE_STATUSES) expect(disputeMayBecome(from, to), `${from}→${to}`).toBe(DISPUTE_STEPS.has(`${from ?? "none"}→${to}`));
    }
  });

  it("lets an order be processed or completed only once its money is in; cancel and pending always", () => {
    for (const payment of PAYMENT_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const expected = payment === "awaiting" ? (["pending", "cancelled"] as OrderStatus[]).includes(to) : true;
        expect(paymentAllowsOrderStatus(payment, to), `${payment}: ${to}`).toBe(expected);
      }
    }
  });

  it("allows a refund of a paid, partly refunded or refunded payment only", () => {
    const allowed: PaymentStatus[] = ["paid", "partially_refunded", "refunded"];
    for (const payment of PAYMENT_STATUSES) expect(refundAllowed(payment), payment).toBe(allowed.includes(payment));
  });

  it("moves the payment status after a refund only along the table", () => {
    expect(statusAfterRefund("paid", 5000, 1)).toBe("partially_refunded");
    expect(statusAfterRefund("paid", 5000, 5000)).toBe("refunded");
    expect(statusAfterRefund("partially_refunded", 5000, 2500)).toBe("partially_refunded");
    expect(statusAfterRefund("partially_refunded", 5000, 5000)).toBe("refunded");
    // Not a step of the table: the status stays.
    expect(statusAfterRefund("refunded", 5000, 2500)).toBe("refunded");
    expect(statusAfterRefund("awaiting", 5000, 5000)).toBe("awaiting");
    expect(statusAfterRefund("reversed", 5000, 5000)).toBe("reversed");
    expect(statusAfterRefund("denied", 5000, 100)).toBe("denied");
    expect(statusAfterRefund("paid", 5000, 0)).toBe("paid");
  });
});
