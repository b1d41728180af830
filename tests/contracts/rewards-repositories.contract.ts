import { describe, expect, it } from "vitest";
import type { BalanceLedger } from "#domain/rewards/balance-ledger.port.ts";
import type { LedgerEntry } from "#domain/rewards/ledger.ts";
import type { Submission } from "#domain/reviews/submission.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import type { AllRewardsRepositories } from "../fakes/in-memory-rewards.ts";

export interface RewardsFixture {
  unitOfWork: UnitOfWork<AllRewardsRepositories>;
  /** Creates an account with these stored balances (null: an old account's missing balance). */
  addUser(id: string, balances?: { points?: number | null; storeCredit?: number | null }): Promise<void>;
}

const at = new Date("2026-11-21T10:00:00.000Z");
let n = 0;
const unique = (tag: string) => `${tag}-${++n}-${Math.random().toString(36).slice(2, 8)}`;

function entry(userId: string, amount: number, reason: string, reference: string): LedgerEntry {
  return { id: unique("e"), userId, amount, reason, reference, actorId: null, createdAt: at };
}

function submission(userId: string, status: Submission["status"] = "pending"): Submission {
  return { id: unique("s"), userId, status, file: `${unique("f")}.png`, createdAt: at, adminNotes: null, decidedAt: null, decidedBy: null };
}

/**
 * What every implementation of the rewards and reviews ports must do, run against the in-memory
 * fake (unit) and the Kysely repositories (integration, SQLite and PostgreSQL).
 */
export function rewardsRepositoriesContract(name: string, make: () => Promise<RewardsFixture>) {
  describe(`rewards repositories contract: ${name}`, () => {
    for (const kind of ["points", "storeCredit"] as const) {
      // Both ledgers obey one contract; reasons are plain strings to the storage.
      const ledgerOf = (r: AllRewardsRepositories) => r[kind] as BalanceLedger<string>;
      describe(`${kind} ledger`, () => {
        it("records an entry and moves the balance; a missing (NULL) balance counts as 0", async () => {
          const { unitOfWork, addUser } = await make();
          const user = unique("u");
          await addUser(user, { [kind]: null });
          expect(await unitOfWork.run((r) => ledgerOf(r).balanceOf(user))).toBe(0);
          expect(await unitOfWork.run((r) => ledgerOf(r).append(entry(user, 700, "purchase", unique("ref"))))).toBe("recorded");
          expect(await unitOfWork.run((r) => ledgerOf(r).append(entry(user, -200, "redemption", unique("ref"))))).toBe("recorded");
          expect(await unitOfWork.run((r) => ledgerOf(r).balanceOf(user))).toBe(500);
        });

        it("answers duplicate for a second entry with the same reason and reference, changing nothing", async () => {
          const { unitOfWork, addUser } = await make();
          const user = unique("u");
          await addUser(user);
          const reference = unique("order");
          expect(await unitOfWork.run((r) => ledgerOf(r).append(entry(user, 300, "review_approved", reference)))).toBe("recorded");
          expect(await unitOfWork.run((r) => ledgerOf(r).append(entry(user, 300, "review_approved", reference)))).toBe("duplicate");
          // Same reference, other reason: a different fact.
          expect(await unitOfWork.run((r) => ledgerOf(r).append(entry(user, 5, "purchase", reference)))).toBe("recorded");
          expect(await unitOfWork.run((r) => ledgerOf(r).balanceOf(user))).toBe(305);
          // A replay is a duplicate even when the balance could no longer pay for it.
          const spent = unique("order");
          expect(await unitOfWork.run((r) => ledgerOf(r).append(entry(user, -305, "order_payment", spent), { min: 0 }))).toBe("recorded");
          expect(await unitOfWork.run((r) => ledgerOf(r).append(entry(user, -305, "order_payment", spent), { min: 0 }))).toBe("duplicate");
          expect(await unitOfWork.run((r) => ledgerOf(r).balanceOf(user))).toBe(0);
        });

        it("refuses what the guard forbids (overdraft, ceiling, changed balance) and an unknown user", async () => {
          const { unitOfWork, addUser } = await make();
          const user = unique("u");
          await addUser(user, { [kind]: 100 });
          expect(await unitOfWork.run((r) => ledgerOf(r).append(entry(user, -101, "redemption", unique("ref")), { min: 0 }))).toBe("refused");
          expect(await unitOfWork.run((r) => ledgerOf(r).append(entry(user, -100, "redemption", unique("ref")), { min: 0 }))).toBe("recorded");
          expect(await unitOfWork.run((r) => ledgerOf(r).append(entry(user, 51, "admin_add", unique("ref")), { max: 50 }))).toBe("refused");
          expect(await unitOfWork.run((r) => ledgerOf(r).append(entry(user, 50, "admin_add", unique("ref")), { max: 50 }))).toBe("recorded");
          expect(await unitOfWork.run((r) => ledgerOf(r).append(entry(user, 10, "admin_set", unique("ref")), { before: 49 }))).toBe("refused");
          expect(await unitOfWork.run((r) => ledgerOf(r).append(entry(user, 10, "admin_set", unique("ref")), { before: 50 }))).toBe("recorded");
          expect(await unitOfWork.run((r) => ledgerOf(r).balanceOf(user))).toBe(60);
          expect(await unitOfWork.run((r) => ledgerOf(r).append(entry("nobody", 10, "admin_add", unique("ref"))))).toBe("refused");
          expect(await unitOfWork.run((r) => ledgerOf(r).balanceOf("nobody"))).toBeNull();
        });

        it("lists entries by reference prefix and reasons, taking % and _ in the prefix literally", async () => {
          const { unitOfWork, addUser } = await make();
          const user = unique("u");
          await addUser(user);
          const order = `${unique("o")}_%`;
          await unitOfWork.run(async (r) => {
            await ledgerOf(r).append(entry(user, 10, "purchase", `${order}#1`));
            await ledgerOf(r).append(entry(user, -10, "purchase_reversal", `${order}#2`));
            await ledgerOf(r).append(entry(user, 7, "review_approved", `${order}#3`));
            await ledgerOf(r).append(entry(user, 9, "purchase", `${order.replace("_%", "xy")}#1`));
          });
          const found = await unitOfWork.run((r) => ledgerOf(r).entriesByReferencePrefix(["purchase", "purchase_reversal"], `${order}#`));
          expect(found.map((e) => [e.reason, e.reference, e.amount])).toEqual([
            ["purchase", `${order}#1`, 10],
            ["purchase_reversal", `${order}#2`, -10],
          ]);
          expect(found[0]!.createdAt).toEqual(at);
        });

        it("keeps nothing of a unit of work that fails", async () => {
          const { unitOfWork, addUser } = await make();
          const user = unique("u");
          await addUser(user);
          await expect(
            unitOfWork.run(async (r) => {
              await ledgerOf(r).append(entry(user, 10, "purchase", unique("ref")));
              throw new Error("boom");
            }),
          ).rejects.toThrow("boom");
          expect(await unitOfWork.run((r) => ledgerOf(r).balanceOf(user))).toBe(0);
        });
      });
    }

    it("referral codes: one per user, unique codes, owner lookup and a counter of successes", async () => {
      const { unitOfWork, addUser } = await make();
      const [a, b] = [unique("u"), unique("u")];
      await addUser(a);
      await addUser(b);
      const code = unique("C").toUpperCase();
      expect(await unitOfWork.run((r) => r.referralCodes.add({ userId: a, code, successfulReferrals: 0 }, at))).toBe(true);
      expect(await unitOfWork.run((r) => r.referralCodes.add({ userId: a, code: `${code}X`, successfulReferrals: 0 }, at))).toBe(false);
      expect(await unitOfWork.run((r) => r.referralCodes.add({ userId: b, code, successfulReferrals: 0 }, at))).toBe(false);
      expect(await unitOfWork.run((r) => r.referralCodes.findByUser(a))).toEqual({ userId: a, code, successfulReferrals: 0 });
      expect(await unitOfWork.run((r) => r.referralCodes.findByUser(b))).toBeNull();
      expect(await unitOfWork.run((r) => r.referralCodes.findOwner(code))).toBe(a);
      expect(await unitOfWork.run((r) => r.referralCodes.findOwner("NOSUCHCO"))).toBeNull();
      expect(await unitOfWork.run((r) => r.referralCodes.incrementSuccessful(a))).toBe(1);
      expect(await unitOfWork.run((r) => r.referralCodes.incrementSuccessful(a))).toBe(2);
      expect((await unitOfWork.run((r) => r.referralCodes.findByUser(a)))?.successfulReferrals).toBe(2);
    });

    it("referrals: a user is referred once and becomes successful once", async () => {
      const { unitOfWork, addUser } = await make();
      const [referrer, referred, other] = [unique("u"), unique("u"), unique("u")];
      for (const u of [referrer, referred, other]) await addUser(u);
      const referral = { referrerUserId: referrer, referredUserId: referred, code: "ABCDEFGH", createdAt: at };
      expect(await unitOfWork.run((r) => r.referrals.add(referral))).toBe(true);
      expect(await unitOfWork.run((r) => r.referrals.add({ ...referral, referrerUserId: other }))).toBe(false);
      expect(await unitOfWork.run((r) => r.referrals.markSuccessful(referred, "order-1", at))).toBe(referrer);
      expect(await unitOfWork.run((r) => r.referrals.markSuccessful(referred, "order-2", at))).toBeNull();
      expect(await unitOfWork.run((r) => r.referrals.markSuccessful(other, "order-3", at))).toBeNull();
    });

    it("submissions: one pending per user, decided only while pending", async () => {
      const { unitOfWork, addUser } = await make();
      const user = unique("u");
      await addUser(user);
      const first = submission(user);
      expect(await unitOfWork.run((r) => r.submissions.add(first))).toBe(true);
      expect(await unitOfWork.run((r) => r.submissions.hasPending(user))).toBe(true);
      expect(await unitOfWork.run((r) => r.submissions.add(submission(user)))).toBe(false);

      const decision = { status: "rejected" as const, adminNotes: "blurry", decidedAt: at, decidedBy: "admin-1" };
      const decided = await unitOfWork.run((r) => r.submissions.decide(first.id, decision));
      expect(decided).toEqual({ ...first, ...decision });
      expect(await unitOfWork.run((r) => r.submissions.decide(first.id, { ...decision, status: "approved" }))).toBeNull();
      expect(await unitOfWork.run((r) => r.submissions.decide("nope", decision))).toBeNull();
      expect(await unitOfWork.run((r) => r.submissions.findById(first.id))).toEqual({ ...first, ...decision });
      expect(await unitOfWork.run((r) => r.submissions.findById("nope"))).toBeNull();
      // Decided, so a new one may wait for approval.
      expect(await unitOfWork.run((r) => r.submissions.hasPending(user))).toBe(false);
      expect(await unitOfWork.run((r) => r.submissions.add(submission(user)))).toBe(true);
    });
  });
}
