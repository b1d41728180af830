import type { Clock } from "../shared/clock.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import type { ReferralCode } from "./referral.ts";
import type { ReferralCodeGenerator } from "./referral-code-generator.port.ts";
import type { RewardsRepositories } from "./rewards-repositories.port.ts";

const ATTEMPTS = 5;

/**
 * The user's own referral code, made the first time it is asked for (so every account has one,
 * however it was created: registration, Google or the CLI). Idempotent and safe under concurrent
 * calls: whoever stores first wins and the others read that code. A code already taken by someone
 * else is replaced by a fresh one.
 */
export async function ensureReferralCode(
  userId: string,
  deps: { unitOfWork: UnitOfWork<Pick<RewardsRepositories, "referralCodes">>; codes: ReferralCodeGenerator; clock: Clock },
): Promise<ReferralCode> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const found = await deps.unitOfWork.run(async ({ referralCodes }) => {
      const existing = await referralCodes.findByUser(userId);
      if (existing) return existing;
      const fresh: ReferralCode = { userId, code: deps.codes.newCode(), successfulReferrals: 0 };
      if (await referralCodes.add(fresh, deps.clock.now())) return fresh;
      return referralCodes.findByUser(userId);
    });
    if (found) return found;
  }
  throw new Error(`no free referral code found for user ${userId} in ${ATTEMPTS} attempts`);
}
