import { expect } from "vitest";
import { testMigration } from "./helpers/migration-database.ts";

const at = (day: number) => new Date(Date.UTC(2026, 9, day)).toISOString();

/** A paid order as the store keeps it at 0040 (the columns without a default). */
function order(id: string, userId: string, over: Record<string, unknown> = {}) {
  return {
    id,
    userId,
    status: "completed",
    robloxUsername: "Builder_42",
    email: `${userId}@shop.test`,
    subtotalCents: 2000,
    discountCents: 0,
    totalCents: 2000,
    stockReturned: 0,
    paymentProvider: "paypal",
    paymentId: `PAY-${id}`,
    checkoutId: `co-${id}`,
    // Every row names the same columns (SQLite has no DEFAULT inside a multi-row VALUES).
    paymentStatus: "paid",
    disputeStatus: null,
    creditAppliedCents: 0,
    createdAt: at(1),
    updatedAt: at(1),
    ...over,
  };
}

testMigration(
  "0041-chargeback-memory",
  "remembers the disputes and reversals the payment history already holds, and freezes their accounts",
  {
    from: "0040-catalogue-order-indexes",
    rows: {
      orders: [
        order("disputed", "u1", { disputeStatus: "resolved", creditAppliedCents: 500 }),
        order("reversed", "u2", { paymentStatus: "reversed" }),
        order("quiet", "u3"),
      ],
      payment_history: [
        { orderId: "disputed", kind: "paid", amountCents: 1500, note: "Paid", at: at(1) },
        { orderId: "disputed", kind: "dispute_opened", amountCents: null, note: "The buyer opened a dispute", at: at(3) },
        { orderId: "disputed", kind: "dispute_resolved", amountCents: null, note: "Dispute resolved", at: at(9) },
        { orderId: "reversed", kind: "paid", amountCents: 2000, note: "Paid", at: at(1) },
        { orderId: "reversed", kind: "reversed", amountCents: 2000, note: "Payment reversed", at: at(5) },
        { orderId: "quiet", kind: "paid", amountCents: 2000, note: "Paid", at: at(1) },
      ],
    },
  },
  async (db) => {
    const chargebacks = await db.selectFrom("chargebacks").selectAll().orderBy("orderId").execute();
    expect(chargebacks.map((c) => ({ ...c, amountCents: Number(c.amountCents) }))).toEqual([
      // What the payment kept: the total less the store credit spent.
      { orderId: "disputed", kind: "dispute", userId: "u1", at: at(3), amountCents: 1500, outcome: "resolved", resolvedAt: null },
      { orderId: "reversed", kind: "reversal", userId: "u2", at: at(5), amountCents: 2000, outcome: null, resolvedAt: null },
    ]);
    const freezes = await db.selectFrom("account_freezes").selectAll().orderBy("userId").execute();
    expect(freezes).toEqual([
      { userId: "u1", frozenAt: at(3), orderId: "disputed", clearedAt: null, clearedBy: null, clearNote: null },
      { userId: "u2", frozenAt: at(5), orderId: "reversed", clearedAt: null, clearedBy: null, clearNote: null },
    ]);
  },
);
