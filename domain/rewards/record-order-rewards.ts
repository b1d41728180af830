import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { Cents } from "../shared/money.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { purchasePoints } from "./points.ts";
import {
  decideOnCancellation,
  decideOnCompletion,
  decideOnRefund,
  PURCHASE_REASONS,
  purchaseReferencePrefix,
  type PurchasePointsDecision,
} from "./purchase-points.ts";
import { bonusMilestone, REFERRAL_BONUS_POINTS } from "./referral.ts";
import type { RewardsRepositories } from "./rewards-repositories.port.ts";

export type OrderRewardsRepositories = Pick<RewardsRepositories, "points" | "referrals" | "referralCodes">;

export interface OrderRewardsDeps {
  ids: IdGenerator;
  clock: Clock;
  /** Points per dollar paid (config POINTS_PER_DOLLAR, default 100). */
  pointsPerDollar: number;
}

export interface CompletedOrderRewards {
  /** Purchase points credited by this call (0 when the order already had them, or paid nothing). */
  purchasePoints: number;
  /** Set when this was the referred shopper's first completed order. */
  referral: { referrerUserId: string; successfulReferrals: number; bonusPoints: number } | null;
}

/**
 * What a completed order earns, inside the caller's transaction (the order status change's, once
 * orders exist): purchase points for the amount paid, credited once per completion; and, at the
 * shopper's first completed order, their referral becomes successful and every 10th successful
 * referral credits the referrer 5000 bonus points, once per milestone. `paid` is what the shopper
 * paid for the order in cents (its total less any store credit applied). The caller guarantees
 * the order belongs to `userId`. Calling it again for the same completion changes nothing.
 */
export async function creditCompletedOrder(
  repos: OrderRewardsRepositories,
  input: { userId: string; orderId: string; paid: Cents },
  deps: OrderRewardsDeps,
): Promise<CompletedOrderRewards> {
  const now = deps.clock.now();
  const entries = await repos.points.entriesByReferencePrefix(PURCHASE_REASONS, purchaseReferencePrefix(input.orderId));
  const decision = decideOnCompletion(input.orderId, entries, purchasePoints(input.paid, deps.pointsPerDollar));
  const credited = await applyDecision(repos, input.userId, decision, deps);

  let referral: CompletedOrderRewards["referral"] = null;
  const referrerUserId = await repos.referrals.markSuccessful(input.userId, input.orderId, now);
  if (referrerUserId) {
    const successfulReferrals = await repos.referralCodes.incrementSuccessful(referrerUserId);
    const milestone = bonusMilestone(successfulReferrals);
    let bonusPoints = 0;
    if (milestone !== null) {
      const result = await repos.points.append({
        id: deps.ids.newId(),
        userId: referrerUserId,
        amount: REFERRAL_BONUS_POINTS,
        reason: "referral_bonus",
        reference: `${referrerUserId}#${milestone}`,
        actorId: null,
        createdAt: now,
      });
      if (result === "recorded") bonusPoints = REFERRAL_BONUS_POINTS;
    }
    referral = { referrerUserId, successfulReferrals, bonusPoints };
  }
  return { purchasePoints: credited, referral };
}

/**
 * A completed order was cancelled: the purchase points it still holds are taken back (the balance
 * may go below zero when they were already redeemed; the shopper then earns it back before
 * redeeming again). The referral stays successful and bonuses stay granted. Idempotent.
 */
export async function debitCancelledOrder(
  repos: Pick<RewardsRepositories, "points">,
  input: { userId: string; orderId: string },
  deps: Omit<OrderRewardsDeps, "pointsPerDollar">,
): Promise<{ pointsTakenBack: number }> {
  const entries = await repos.points.entriesByReferencePrefix(PURCHASE_REASONS, purchaseReferencePrefix(input.orderId));
  const changed = await applyDecision(repos, input.userId, decideOnCancellation(input.orderId, entries), deps);
  return { pointsTakenBack: changed === 0 ? 0 : -changed };
}

/**
 * Part or all of an order was refunded, or its payment reversed: the purchase points it holds come
 * down to what `netPaid` earns (the balance may go below zero, as for a cancellation). Idempotent.
 */
export async function debitRefundedOrder(
  repos: Pick<RewardsRepositories, "points">,
  input: { userId: string; orderId: string; netPaid: Cents },
  deps: OrderRewardsDeps,
): Promise<{ pointsTakenBack: number }> {
  const entries = await repos.points.entriesByReferencePrefix(PURCHASE_REASONS, purchaseReferencePrefix(input.orderId));
  const changed = await applyDecision(repos, input.userId, decideOnRefund(input.orderId, entries, purchasePoints(input.netPaid, deps.pointsPerDollar)), deps);
  return { pointsTakenBack: changed === 0 ? 0 : -changed };
}

/** The use case on its own transaction: `recordCompletedOrder(userId, orderId, totalCents)`. */
export function recordCompletedOrder(
  input: { userId: string; orderId: string; paid: Cents },
  deps: OrderRewardsDeps & { unitOfWork: UnitOfWork<OrderRewardsRepositories> },
): Promise<CompletedOrderRewards> {
  return deps.unitOfWork.run((repos) => creditCompletedOrder(repos, input, deps));
}

/** The use case on its own transaction: `recordCancelledOrder(userId, orderId)`. */
export function recordCancelledOrder(
  input: { userId: string; orderId: string },
  deps: Omit<OrderRewardsDeps, "pointsPerDollar"> & { unitOfWork: UnitOfWork<Pick<RewardsRepositories, "points">> },
): Promise<{ pointsTakenBack: number }> {
  return deps.unitOfWork.run((repos) => debitCancelledOrder(repos, input, deps));
}

async function applyDecision(
  repos: Pick<RewardsRepositories, "points">,
  userId: string,
  decision: PurchasePointsDecision,
  deps: { ids: IdGenerator; clock: Clock },
): Promise<number> {
  if (decision.kind === "none") return 0;
  const result = await repos.points.append({
    id: deps.ids.newId(),
    userId,
    amount: decision.amount,
    reason: decision.reason,
    reference: decision.reference,
    actorId: null,
    createdAt: deps.clock.now(),
  });
  return result === "recorded" ? decision.amount : 0;
}

/**
 * A late order's compensation: `points` credited to the shopper with the reason "late_delivery"
 * and the order id as reference, so the ledger itself refuses a second one for the same order
 * (answers false then, and nothing changes). The caller guarantees the order belongs to `userId`.
 */
export async function creditLateDelivery(
  repos: Pick<RewardsRepositories, "points">,
  input: { userId: string; orderId: string; points: number },
  deps: { ids: IdGenerator; clock: Clock },
): Promise<boolean> {
  if (input.points <= 0) return false;
  const result = await repos.points.append({
    id: deps.ids.newId(),
    userId: input.userId,
    amount: input.points,
    reason: "late_delivery",
    reference: input.orderId,
    actorId: null,
    createdAt: deps.clock.now(),
  });
  return result === "recorded";
}
