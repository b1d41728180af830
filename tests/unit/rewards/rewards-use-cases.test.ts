import { describe, expect, it } from "vitest";
import { adjustStoreCredit, MAX_STORE_CREDIT } from "#domain/rewards/adjust-store-credit.ts";
import { ensureReferralCode } from "#domain/rewards/ensure-referral-code.ts";
import { recordCancelledOrder, recordCompletedOrder } from "#domain/rewards/record-order-rewards.ts";
import { recordReferral } from "#domain/rewards/record-referral.ts";
import { redeemPoints } from "#domain/rewards/redeem-points.ts";
import { spendStoreCreditOnOrder } from "#domain/rewards/store-credit-at-checkout.ts";
import { sequentialIds } from "../../fakes/in-memory-catalogue.ts";
import { createInMemoryRewards, fixedClock } from "../../fakes/in-memory-rewards.ts";

function setup() {
  const fake = createInMemoryRewards();
  const deps = { unitOfWork: fake.unitOfWork, ids: sequentialIds("id"), clock: fixedClock(), pointsPerDollar: 100 };
  const balanced = () => {
    for (const t of fake.ledgerTotals()) {
      expect(t.points).toBe(t.pointsLedger);
      expect(t.storeCredit).toBe(t.storeCreditLedger);
    }
  };
  return { fake, deps, balanced };
}

describe("redeemPoints", () => {
  it("turns 10000 points into $2.00 of store credit, one redemption reference in both ledgers", async () => {
    const { fake, deps, balanced } = setup();
    fake.addUser("u1");
    await recordCompletedOrder({ userId: "u1", orderId: "o1", paid: 12300 }, deps);
    const result = await redeemPoints({ userId: "u1", points: 10000 }, deps);
    expect(result).toEqual({ redeemedPoints: 10000, credit: 200, points: 2300, storeCredit: 200 });
    const debit = fake.state.points.find((e) => e.reason === "redemption")!;
    const credit = fake.state.storeCredit.find((e) => e.reason === "redemption")!;
    expect(debit).toMatchObject({ amount: -10000, actorId: "u1" });
    expect(credit).toMatchObject({ amount: 200, actorId: "u1", reference: debit.reference });
    balanced();
  });

  it("refuses other amounts than whole multiples of 5000 (invalid) and more than held (conflict), changing nothing", async () => {
    const { fake, deps, balanced } = setup();
    fake.addUser("u1", { points: null });
    await expect(redeemPoints({ userId: "u1", points: 4999 }, deps)).rejects.toMatchObject({ kind: "invalid", code: "points_not_redeemable" });
    await expect(redeemPoints({ userId: "u1", points: 5000 }, deps)).rejects.toMatchObject({
      kind: "conflict",
      message: "Not enough points: you have 0 points and asked to redeem 5000",
    });
    expect(fake.state.points).toEqual([]);
    expect(fake.state.storeCredit).toEqual([]);
    balanced();
  });

  it("concurrent redemptions never take more than held", async () => {
    const { fake, deps, balanced } = setup();
    fake.addUser("u1");
    await recordCompletedOrder({ userId: "u1", orderId: "o1", paid: 10000 }, deps); // 10000 points
    const results = await Promise.allSettled([1, 2, 3].map(() => redeemPoints({ userId: "u1", points: 5000 }, deps)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    expect(fake.state.users.get("u1")).toEqual({ points: 0, storeCredit: 200 });
    balanced();
  });

  it("an unknown user is not found", async () => {
    const { deps } = setup();
    await expect(redeemPoints({ userId: "ghost", points: 5000 }, deps)).rejects.toMatchObject({ kind: "not_found" });
  });
});

describe("adjustStoreCredit (admin)", () => {
  it("adds to and sets the credit, each a ledger entry with the administrator as actor", async () => {
    const { fake, deps, balanced } = setup();
    fake.addUser("u1", { storeCredit: null });
    expect(await adjustStoreCredit({ userId: "u1", amount: 1050, operation: "add", adminId: "a1" }, deps)).toEqual({ storeCredit: 1050 });
    expect(await adjustStoreCredit({ userId: "u1", amount: 300, operation: "set", adminId: "a1" }, deps)).toEqual({ storeCredit: 300 });
    expect(fake.state.storeCredit.map((e) => [e.reason, e.amount, e.actorId])).toEqual([
      ["admin_add", 1050, "a1"],
      ["admin_set", -750, "a1"],
    ]);
    balanced();
  });

  it("setting the balance it already has records nothing", async () => {
    const { fake, deps } = setup();
    fake.addUser("u1", { storeCredit: 300 });
    fake.state.storeCredit.push({ id: "x", userId: "u1", amount: 300, reason: "opening_balance", reference: "u1", actorId: null, createdAt: new Date() });
    expect(await adjustStoreCredit({ userId: "u1", amount: 300, operation: "set", adminId: "a1" }, deps)).toEqual({ storeCredit: 300 });
    expect(fake.state.storeCredit).toHaveLength(1);
  });

  it("refuses 0, negative and fractional cents, more than the ceiling, and unknown users", async () => {
    const { fake, deps } = setup();
    fake.addUser("u1", { storeCredit: MAX_STORE_CREDIT - 100 });
    for (const amount of [0, -100, 1.5]) {
      await expect(adjustStoreCredit({ userId: "u1", amount, operation: "add", adminId: "a1" }, deps)).rejects.toMatchObject({ kind: "invalid" });
    }
    await expect(adjustStoreCredit({ userId: "u1", amount: 101, operation: "add", adminId: "a1" }, deps)).rejects.toMatchObject({
      code: "store_credit_limit",
    });
    await expect(adjustStoreCredit({ userId: "u1", amount: MAX_STORE_CREDIT + 1, operation: "set", adminId: "a1" }, deps)).rejects.toMatchObject({
      code: "store_credit_limit",
    });
    await expect(adjustStoreCredit({ userId: "ghost", amount: 100, operation: "set", adminId: "a1" }, deps)).rejects.toMatchObject({ kind: "not_found" });
    expect(fake.state.storeCredit).toEqual([]);
  });

  it("'set' retries when the balance changed between reading and writing", async () => {
    const { fake, deps, balanced } = setup();
    fake.addUser("u1", { storeCredit: 0 });
    // The first attempt reads 0, then a concurrent change lands before the compare-and-set.
    let raced = false;
    const racingUnitOfWork = {
      run: <T>(work: (r: typeof fake.repositories) => Promise<T>) =>
        fake.unitOfWork.run(async (r) => {
          const repositories = {
            ...r,
            storeCredit: {
              ...r.storeCredit,
              balanceOf: async (id: string) => {
                const balance = await r.storeCredit.balanceOf(id);
                if (!raced) {
                  raced = true;
                  await r.storeCredit.append({
                    id: "race",
                    userId: id,
                    amount: 999,
                    reason: "redemption",
                    reference: "race",
                    actorId: "u1",
                    createdAt: new Date(),
                  });
                }
                return balance;
              },
            },
          };
          return work(repositories);
        }),
    };
    const result = await adjustStoreCredit({ userId: "u1", amount: 500, operation: "set", adminId: "a1" }, { ...deps, unitOfWork: racingUnitOfWork });
    expect(result).toEqual({ storeCredit: 500 });
    expect(fake.state.users.get("u1")!.storeCredit).toBe(500);
    balanced();
  });
});

describe("spendStoreCreditOnOrder (wired into order capture at merge)", () => {
  it("takes the applied credit once per order, and refuses when the balance no longer covers it", async () => {
    const { fake, deps, balanced } = setup();
    fake.addUser("u1", { storeCredit: 0 });
    await adjustStoreCredit({ userId: "u1", amount: 1000, operation: "add", adminId: "a1" }, deps);
    await fake.unitOfWork.run((r) => spendStoreCreditOnOrder(r.storeCredit, { userId: "u1", orderId: "o1", creditApplied: 600 }, deps));
    // A replayed capture of the same order takes nothing more.
    await fake.unitOfWork.run((r) => spendStoreCreditOnOrder(r.storeCredit, { userId: "u1", orderId: "o1", creditApplied: 600 }, deps));
    expect(fake.state.users.get("u1")!.storeCredit).toBe(400);
    await expect(
      fake.unitOfWork.run((r) => spendStoreCreditOnOrder(r.storeCredit, { userId: "u1", orderId: "o2", creditApplied: 401 }, deps)),
    ).rejects.toMatchObject({ kind: "conflict", code: "not_enough_store_credit" });
    await fake.unitOfWork.run((r) => spendStoreCreditOnOrder(r.storeCredit, { userId: "u1", orderId: "o3", creditApplied: 0 }, deps));
    expect(fake.state.storeCredit.filter((e) => e.reason === "order_payment")).toHaveLength(1);
    balanced();
  });
});

describe("recordCompletedOrder / recordCancelledOrder", () => {
  it("credits purchase points once per order at the configured rate", async () => {
    const { fake, deps, balanced } = setup();
    fake.addUser("u1");
    expect(await recordCompletedOrder({ userId: "u1", orderId: "o1", paid: 2499 }, deps)).toEqual({ purchasePoints: 2499, referral: null });
    expect(await recordCompletedOrder({ userId: "u1", orderId: "o1", paid: 2499 }, deps)).toEqual({ purchasePoints: 0, referral: null });
    expect(await recordCompletedOrder({ userId: "u1", orderId: "o2", paid: 1000 }, { ...deps, pointsPerDollar: 250 })).toMatchObject({ purchasePoints: 2500 });
    expect(fake.state.users.get("u1")!.points).toBe(4999);
    balanced();
  });

  it("takes the points back when a completed order is cancelled, once; credits again if completed again", async () => {
    const { fake, deps, balanced } = setup();
    fake.addUser("u1");
    await recordCompletedOrder({ userId: "u1", orderId: "o1", paid: 1000 }, deps);
    expect(await recordCancelledOrder({ userId: "u1", orderId: "o1" }, deps)).toEqual({ pointsTakenBack: 1000 });
    expect(await recordCancelledOrder({ userId: "u1", orderId: "o1" }, deps)).toEqual({ pointsTakenBack: 0 });
    expect(fake.state.users.get("u1")!.points).toBe(0);
    expect(await recordCompletedOrder({ userId: "u1", orderId: "o1", paid: 1000 }, deps)).toMatchObject({ purchasePoints: 1000 });
    expect(fake.state.points.map((e) => [e.reason, e.reference, e.amount])).toEqual([
      ["purchase", "o1#1", 1000],
      ["purchase_reversal", "o1#2", -1000],
      ["purchase", "o1#3", 1000],
    ]);
    balanced();
  });

  it("cancelling an order that never completed takes nothing", async () => {
    const { fake, deps } = setup();
    fake.addUser("u1");
    expect(await recordCancelledOrder({ userId: "u1", orderId: "o9" }, deps)).toEqual({ pointsTakenBack: 0 });
    expect(fake.state.points).toEqual([]);
  });

  it("taking back points already redeemed leaves a negative balance, still equal to the ledger", async () => {
    const { fake, deps, balanced } = setup();
    fake.addUser("u1");
    await recordCompletedOrder({ userId: "u1", orderId: "o1", paid: 5000 }, deps);
    await redeemPoints({ userId: "u1", points: 5000 }, deps);
    await recordCancelledOrder({ userId: "u1", orderId: "o1" }, deps);
    expect(fake.state.users.get("u1")!.points).toBe(-5000);
    await expect(redeemPoints({ userId: "u1", points: 5000 }, deps)).rejects.toMatchObject({ kind: "conflict" });
    balanced();
  });

  it("the first completed order makes the referral successful; every 10th success gives the referrer 5000 points once", async () => {
    const { fake, deps, balanced } = setup();
    fake.addUser("ref");
    const { code } = await ensureReferralCode("ref", { ...deps, codes: { newCode: () => "ABCD2345" } });
    for (let i = 1; i <= 21; i++) {
      fake.addUser(`f${i}`);
      expect(await recordReferral({ referredUserId: `f${i}`, code }, deps)).toBe("recorded");
    }
    const bonuses: number[] = [];
    for (let i = 1; i <= 21; i++) {
      const result = await recordCompletedOrder({ userId: `f${i}`, orderId: `o${i}`, paid: 100 }, deps);
      expect(result.referral).toMatchObject({ referrerUserId: "ref", successfulReferrals: i });
      if (result.referral!.bonusPoints) bonuses.push(i);
      // A second completed order of the same friend is not a new success.
      expect((await recordCompletedOrder({ userId: `f${i}`, orderId: `o${i}-b`, paid: 100 }, deps)).referral).toBeNull();
    }
    expect(bonuses).toEqual([10, 20]);
    expect(fake.state.users.get("ref")!.points).toBe(10000);
    expect(fake.state.points.filter((e) => e.reason === "referral_bonus").map((e) => e.reference)).toEqual(["ref#1", "ref#2"]);
    balanced();
  });

  it("concurrent completions of one order credit it once", async () => {
    const { fake, deps, balanced } = setup();
    fake.addUser("u1");
    const results = await Promise.all([1, 2, 3, 4].map(() => recordCompletedOrder({ userId: "u1", orderId: "o1", paid: 700 }, deps)));
    expect(results.map((r) => r.purchasePoints).sort()).toEqual([0, 0, 0, 700]);
    expect(fake.state.users.get("u1")!.points).toBe(700);
    balanced();
  });
});

describe("referral codes and referrals", () => {
  it("makes a user's code once and keeps it", async () => {
    const { fake, deps } = setup();
    fake.addUser("u1");
    const codes = ["ABCD2345", "ZZZZ9999"];
    const generator = { newCode: () => codes.shift()! };
    expect(await ensureReferralCode("u1", { ...deps, codes: generator })).toEqual({ userId: "u1", code: "ABCD2345", successfulReferrals: 0 });
    expect(await ensureReferralCode("u1", { ...deps, codes: generator })).toEqual({ userId: "u1", code: "ABCD2345", successfulReferrals: 0 });
    expect(codes).toEqual(["ZZZZ9999"]);
  });

  it("draws another code when the first is taken", async () => {
    const { fake, deps } = setup();
    fake.addUser("u1");
    fake.addUser("u2");
    await ensureReferralCode("u1", { ...deps, codes: { newCode: () => "ABCD2345" } });
    const codes = ["ABCD2345", "WXYZ6789"];
    expect((await ensureReferralCode("u2", { ...deps, codes: { newCode: () => codes.shift()! } })).code).toBe("WXYZ6789");
  });

  it("records a referral once; never a self-referral; ignores unknown and malformed codes", async () => {
    const { fake, deps } = setup();
    for (const u of ["a", "b", "c"]) fake.addUser(u);
    const { code } = await ensureReferralCode("a", { ...deps, codes: { newCode: () => "ABCD2345" } });
    expect(await recordReferral({ referredUserId: "a", code }, deps)).toBe("self_referral");
    expect(await recordReferral({ referredUserId: "b", code: "QQQQ2345" }, deps)).toBe("unknown_code");
    expect(await recordReferral({ referredUserId: "b", code: "not a code" }, deps)).toBe("invalid_code");
    expect(await recordReferral({ referredUserId: "b", code: undefined }, deps)).toBe("invalid_code");
    expect(await recordReferral({ referredUserId: "b", code: code.toLowerCase() }, deps)).toBe("recorded");
    expect(await recordReferral({ referredUserId: "b", code }, deps)).toBe("already_referred");
    expect(fake.state.referrals.map((r) => [r.referrerUserId, r.referredUserId])).toEqual([["a", "b"]]);
  });
});
