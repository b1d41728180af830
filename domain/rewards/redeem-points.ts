import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { Cents } from "../shared/money.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { creditForPoints, isRedeemableAmount } from "./points.ts";
import { notEnoughPoints, notRedeemable, pointsOnHold, userNotFound } from "./rewards.errors.ts";
import type { RewardsRepositories } from "./rewards-repositories.port.ts";

export interface RedeemPointsDeps {
  unitOfWork: UnitOfWork<Pick<RewardsRepositories, "points" | "storeCredit" | "holds">>;
  ids: IdGenerator;
  clock: Clock;
}

/**
 * Turns points into store credit (5000 points = $1.00) in one transaction: a debit in the points
 * ledger and a credit in the store credit ledger under one redemption reference. The debit is a
 * conditional update, so concurrent redemptions can never take more points than the user holds:
 * the one that would overdraw gets a conflict and changes nothing. An account on hold since a
 * chargeback (issue 37) cannot redeem until staff clear it.
 */
export async function redeemPoints(
  input: { userId: string; points: number },
  deps: RedeemPointsDeps,
): Promise<{ redeemedPoints: number; credit: Cents; points: number; storeCredit: Cents }> {
  if (!isRedeemableAmount(input.points)) throw notRedeemable();
  const credit = creditForPoints(input.points);
  return deps.unitOfWork.run(async ({ points, storeCredit, holds }) => {
    if (await holds.onHold(input.userId)) throw pointsOnHold();
    const reference = deps.ids.newId();
    const createdAt = deps.clock.now();
    const base = { userId: input.userId, reason: "redemption" as const, reference, actorId: input.userId, createdAt };
    const debit = await points.append({ ...base, id: deps.ids.newId(), amount: -input.points }, { min: 0 });
    if (debit !== "recorded") {
      const held = await points.balanceOf(input.userId);
      if (held === null) throw userNotFound();
      throw notEnoughPoints(held, input.points);
    }
    const added = await storeCredit.append({ ...base, id: deps.ids.newId(), amount: credit });
    if (added !== "recorded") throw new Error(`store credit for redemption ${reference} was not recorded: ${added}`);
    return {
      redeemedPoints: input.points,
      credit,
      points: (await points.balanceOf(input.userId)) ?? 0,
      storeCredit: (await storeCredit.balanceOf(input.userId)) ?? 0,
    };
  });
}
