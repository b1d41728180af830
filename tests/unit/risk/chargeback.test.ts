import { describe, expect, it } from "vitest";
import { chargebackMonths, chargebackResult, isFrozen, type Chargeback } from "#domain/risk/chargeback.ts";

const at = (iso: string) => new Date(iso);
const c = (over: Partial<Chargeback>): Chargeback => ({
  orderId: "o1",
  kind: "dispute",
  userId: "u1",
  at: at("2026-11-03T10:00:00Z"),
  amount: 1000,
  outcome: null,
  resolvedAt: null,
  ...over,
});

describe("chargeback results", () => {
  it("a reversal is lost at once; a dispute is open until it ends, then won or lost by PayPal's outcome code", () => {
    expect(chargebackResult(c({ kind: "reversal" }))).toBe("lost");
    expect(chargebackResult(c({}))).toBe("open");
    const ended = at("2026-11-05T00:00:00Z");
    expect(chargebackResult(c({ outcome: "RESOLVED_SELLER_FAVOUR", resolvedAt: ended }))).toBe("won");
    expect(chargebackResult(c({ outcome: "canceled_by_buyer", resolvedAt: ended }))).toBe("won");
    expect(chargebackResult(c({ outcome: "RESOLVED_BUYER_FAVOUR", resolvedAt: ended }))).toBe("lost");
    expect(chargebackResult(c({ outcome: "RESOLVED_WITH_PAYOUT", resolvedAt: ended }))).toBe("lost");
    expect(chargebackResult(c({ outcome: null, resolvedAt: ended }))).toBe("resolved");
    expect(chargebackResult(c({ outcome: "SOMETHING_NEW", resolvedAt: ended }))).toBe("resolved");
  });

  it("a freeze is in force until cleared", () => {
    expect(isFrozen(null)).toBe(false);
    const freeze = { userId: "u1", frozenAt: at("2026-11-01T00:00:00Z"), orderId: "o1", clearedAt: null, clearedBy: null, clearNote: null };
    expect(isFrozen(freeze)).toBe(true);
    expect(isFrozen({ ...freeze, clearedAt: at("2026-11-02T00:00:00Z"), clearedBy: "owner", clearNote: "ok" })).toBe(false);
  });
});

describe("chargebacks per month", () => {
  it("counts by UTC month, newest first, and never counts a lost dispute's money twice when its order was also reversed", () => {
    const ended = at("2026-11-20T00:00:00Z");
    const months = chargebackMonths([
      c({ orderId: "a", amount: 1999, outcome: "RESOLVED_BUYER_FAVOUR", resolvedAt: ended }),
      c({ orderId: "a", kind: "reversal", amount: 1999 }),
      c({ orderId: "b", amount: 500, outcome: "RESOLVED_BUYER_FAVOUR", resolvedAt: ended }),
      c({ orderId: "c", amount: 700, outcome: "RESOLVED_SELLER_FAVOUR", resolvedAt: ended }),
      c({ orderId: "d", amount: 300, at: at("2026-10-31T23:59:59Z") }),
      c({ orderId: "e", amount: 800, at: at("2026-12-01T00:00:00Z") }),
    ]);
    expect(months).toEqual([
      { month: "2026-12", disputes: 1, reversals: 0, won: 0, lost: 0, open: 1, lostCents: 0 },
      { month: "2026-11", disputes: 3, reversals: 1, won: 1, lost: 3, open: 0, lostCents: 1999 + 500 },
      { month: "2026-10", disputes: 1, reversals: 0, won: 0, lost: 0, open: 1, lostCents: 0 },
    ]);
  });

  it("no chargebacks: no months", () => {
    expect(chargebackMonths([])).toEqual([]);
  });
});
