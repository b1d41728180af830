import type { AuditActor } from "../audit/audit-entry.ts";
import type { Audited } from "../audit/audit-log.port.ts";
import { auditedUnitOfWork } from "../audit/audited-unit-of-work.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import { formatCents, type Cents } from "../shared/money.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { adjustStoreCredit, type StoreCreditOperation } from "./adjust-store-credit.ts";
import { ensureReferralCode } from "./ensure-referral-code.ts";
import { rewardsOfOrder } from "./order-rewards.ts";
import { recordCancelledOrder, recordCompletedOrder } from "./record-order-rewards.ts";
import { recordReferral } from "./record-referral.ts";
import { redeemPoints } from "./redeem-points.ts";
import type { ReferralCodeGenerator } from "./referral-code-generator.port.ts";
import type { OrderRewardsLedgers, RewardsRepositories } from "./rewards-repositories.port.ts";

/** What the rewards module needs, bound once by the composition root. */
export interface RewardsModuleDeps {
  /** Points, store credit, referrals (and the audit trail) in one transaction. */
  unitOfWork: UnitOfWork<RewardsRepositories & Audited>;
  codes: ReferralCodeGenerator;
  ids: IdGenerator;
  clock: Clock;
  /** POINTS_PER_DOLLAR. */
  pointsPerDollar: number;
}

/**
 * Points, referrals and store credit, ready to call: `app.rewards.redeemPoints({ userId, points })`.
 * `orderRewards` is what the composition root hands the order modules (orderTransaction), so an order's points and
 * store credit change in the order's own transaction.
 */
export function createRewardsModule(deps: RewardsModuleDeps) {
  const { unitOfWork, ids, clock, pointsPerDollar } = deps;
  const findStoreCredit = async (r: RewardsRepositories, id: string) => {
    const cents = await r.storeCredit.balanceOf(id);
    return cents === null ? null : { storeCredit: formatCents(cents) };
  };
  return {
    redeemPoints: (input: { userId: string; points: number }) => redeemPoints(input, { unitOfWork, ids, clock }),
    ensureReferralCode: (userId: string) => ensureReferralCode(userId, { unitOfWork, codes: deps.codes, clock }),
    recordReferral: (input: { referredUserId: string; code: string | null | undefined }) => recordReferral(input, { unitOfWork, clock }),
    recordCompletedOrder: (input: { userId: string; orderId: string; paid: Cents }) => recordCompletedOrder(input, { unitOfWork, ids, clock, pointsPerDollar }),
    recordCancelledOrder: (input: { userId: string; orderId: string }) => recordCancelledOrder(input, { unitOfWork, ids, clock }),
    /** An administrator adds to or sets a shopper's store credit; audited with the balance before and after. */
    adjustStoreCredit: (input: { userId: string; amount: Cents; operation: StoreCreditOperation }, actor: AuditActor) =>
      adjustStoreCredit(
        { ...input, adminId: actor.id },
        {
          unitOfWork: auditedUnitOfWork(unitOfWork, { actor, kind: "storeCredit.adjust", entityId: input.userId, read: findStoreCredit }, clock),
          ids,
          clock,
        },
      ),
    /** The order hooks on the ledgers of the order's own transaction. */
    orderRewards: (ledgers: OrderRewardsLedgers) => rewardsOfOrder(ledgers, { ids, clock, pointsPerDollar }),
  };
}

export type RewardsModule = ReturnType<typeof createRewardsModule>;
