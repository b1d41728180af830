import type { Clock } from "../shared/clock.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { parseReferralCode } from "./referral.ts";
import type { RewardsRepositories } from "./rewards-repositories.port.ts";

export type RecordReferralResult = "recorded" | "invalid_code" | "unknown_code" | "self_referral" | "already_referred";

/**
 * A new account registered after visiting someone's referral link: remember who referred them.
 * Never a self-referral; an unknown or malformed code and a second referral of the same account are
 * ignored (answered, not thrown: registration must not fail because of a stale cookie).
 */
export async function recordReferral(
  input: { referredUserId: string; code: string | null | undefined },
  deps: { unitOfWork: UnitOfWork<Pick<RewardsRepositories, "referralCodes" | "referrals">>; clock: Clock },
): Promise<RecordReferralResult> {
  const code = parseReferralCode(input.code);
  if (!code) return "invalid_code";
  return deps.unitOfWork.run(async ({ referralCodes, referrals }) => {
    const referrerUserId = await referralCodes.findOwner(code);
    if (!referrerUserId) return "unknown_code";
    if (referrerUserId === input.referredUserId) return "self_referral";
    const added = await referrals.add({ referrerUserId, referredUserId: input.referredUserId, code, createdAt: deps.clock.now() });
    return added ? "recorded" : "already_referred";
  });
}
