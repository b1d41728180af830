import { describe, expect, it } from "vitest";
import type { LedgerEntry } from "#domain/rewards/ledger.ts";
import { creditForPoints, isRedeemableAmount, purchasePoints, redeemablePoints } from "#domain/rewards/points.ts";
import { decideOnCancellation, decideOnCompletion } from "#domain/rewards/purchase-points.ts";
import { bonusMilestone, parseReferralCode, referralProgress } from "#domain/rewards/referral.ts";
import { applyStoreCredit } from "#domain/checkout/checkout.ts";

const entry = (amount: number, reason: string, reference: string): LedgerEntry => ({
  id: reference,
  userId: "u1",
  amount,
  reason,
  reference,
  actorId: null,
  createdAt: new Date("2026-11-21T10:00:00Z"),
});

describe("points and store credit (storefront.md section 9)", () => {
  it("5000 points are $1.00 of store credit", () => {
    expect(creditForPoints(5000)).toBe(100);
    expect(creditForPoints(15000)).toBe(300);
    expect(creditForPoints(12300)).toBe(246);
    expect(creditForPoints(49)).toBe(0);
  });

  it("redeems only positive whole multiples of 5000", () => {
    expect([5000, 10000, 250000].map(isRedeemableAmount)).toEqual([true, true, true]);
    expect([0, -5000, 4999, 5001, 7500, 5000.5, Number.NaN, Number.POSITIVE_INFINITY].map(isRedeemableAmount)).toEqual(Array(8).fill(false));
  });

  it("the redeemable part of a balance is its largest multiple of 5000", () => {
    expect(redeemablePoints(12300)).toBe(10000);
    expect(redeemablePoints(4999)).toBe(0);
    expect(redeemablePoints(-300)).toBe(0);
  });

  it("purchase points: 100 per dollar paid by default, rounded down to whole points", () => {
    expect(purchasePoints(1299, 100)).toBe(1299);
    expect(purchasePoints(1000, 100)).toBe(1000);
    expect(purchasePoints(1299, 15)).toBe(194); // 12.99 * 15 = 194.85
    expect(purchasePoints(0, 100)).toBe(0);
    expect(purchasePoints(1000, 0)).toBe(0);
  });
});

describe("store credit at checkout", () => {
  it("applies as much credit as held, never more than the total; the payment covers the rest", () => {
    expect(applyStoreCredit(500, 1999)).toEqual({ creditApplied: 500, amountDue: 1499, paymentRequired: true });
    expect(applyStoreCredit(0, 1999)).toEqual({ creditApplied: 0, amountDue: 1999, paymentRequired: true });
  });

  it("credit larger than the total covers it fully: no payment step, the rest of the credit stays", () => {
    expect(applyStoreCredit(5000, 1999)).toEqual({ creditApplied: 1999, amountDue: 0, paymentRequired: false });
    expect(applyStoreCredit(1999, 1999)).toEqual({ creditApplied: 1999, amountDue: 0, paymentRequired: false });
  });

  it("a negative balance applies nothing", () => {
    expect(applyStoreCredit(-100, 1000)).toEqual({ creditApplied: 0, amountDue: 1000, paymentRequired: true });
  });
});

describe("purchase points follow the order's status", () => {
  it("credits a completed order once, with reference <orderId>#1", () => {
    expect(decideOnCompletion("o1", [], 1299)).toEqual({ kind: "append", reason: "purchase", amount: 1299, reference: "o1#1" });
    expect(decideOnCompletion("o1", [entry(1299, "purchase", "o1#1")], 1299)).toEqual({ kind: "none" });
  });

  it("takes back what a cancelled order holds, and nothing when it holds nothing", () => {
    expect(decideOnCancellation("o1", [entry(1299, "purchase", "o1#1")])).toEqual({
      kind: "append",
      reason: "purchase_reversal",
      amount: -1299,
      reference: "o1#2",
    });
    expect(decideOnCancellation("o1", [])).toEqual({ kind: "none" });
    expect(decideOnCancellation("o1", [entry(1299, "purchase", "o1#1"), entry(-1299, "purchase_reversal", "o1#2")])).toEqual({ kind: "none" });
  });

  it("credits again when a cancelled order is completed again, under a new reference", () => {
    const history = [entry(1299, "purchase", "o1#1"), entry(-1299, "purchase_reversal", "o1#2")];
    expect(decideOnCompletion("o1", history, 1299)).toEqual({ kind: "append", reason: "purchase", amount: 1299, reference: "o1#3" });
  });

  it("an order that paid nothing earns nothing", () => {
    expect(decideOnCompletion("o1", [], 0)).toEqual({ kind: "none" });
  });
});

describe("referrals", () => {
  it("accepts codes of our format, case-insensitively, and nothing else", () => {
    expect(parseReferralCode("ABCD2345")).toBe("ABCD2345");
    expect(parseReferralCode(" abcd2345 ")).toBe("ABCD2345");
    for (const bad of [null, undefined, "", "ABC", "ABCD23450", "ABCD234O", "ABCD2341", "ABCD-234", "<script>", "ABCD 234"]) {
      expect(parseReferralCode(bad)).toBeNull();
    }
  });

  it("a bonus milestone at every 10th successful referral", () => {
    expect([1, 9, 10, 11, 19, 20, 30, 0].map(bonusMilestone)).toEqual([null, null, 1, null, null, 2, 3, null]);
  });

  it("progress towards the next 5000-point bonus", () => {
    expect(referralProgress(0)).toMatchObject({ successfulReferrals: 0, bonusesEarned: 0, towardsNextBonus: 0, nextBonusIn: 10 });
    expect(referralProgress(13)).toEqual({
      successfulReferrals: 13,
      bonusesEarned: 1,
      towardsNextBonus: 3,
      nextBonusIn: 7,
      referralsPerBonus: 10,
      bonusPoints: 5000,
    });
  });
});
