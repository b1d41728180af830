/** storefront.md section 9: each 10 successful referrals give 5000 bonus points. */
export const REFERRALS_PER_BONUS = 10;
export const REFERRAL_BONUS_POINTS = 5000;

/**
 * A referral code: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L), so it can be
 * read aloud and typed. 31^8 (about 850 billion) codes: collisions are rare, and the unique index
 * catches them.
 */
export const REFERRAL_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const REFERRAL_CODE_LENGTH = 8;
const CODE_PATTERN = new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`);

/** A user's own code and how many people they referred have completed a first order. */
export interface ReferralCode {
  userId: string;
  code: string;
  successfulReferrals: number;
}

/** A referral: `referredUserId` registered through `referrerUserId`'s link. Successful at their first completed order. */
export interface Referral {
  referrerUserId: string;
  referredUserId: string;
  code: string;
  createdAt: Date;
}

/**
 * The code in a `?ref=` parameter or cookie, normalised (trimmed, upper case), or null when it
 * cannot be a code of ours. Whether it belongs to anyone is checked only when it is used.
 */
export function parseReferralCode(value: string | null | undefined): string | null {
  if (!value) return null;
  const code = value.trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

/** Where the referrer stands: the Referrals tab's count and progress to the next bonus. */
export function referralProgress(successfulReferrals: number) {
  const towardsNextBonus = successfulReferrals % REFERRALS_PER_BONUS;
  return {
    successfulReferrals,
    bonusesEarned: Math.floor(successfulReferrals / REFERRALS_PER_BONUS),
    towardsNextBonus,
    nextBonusIn: REFERRALS_PER_BONUS - towardsNextBonus,
    referralsPerBonus: REFERRALS_PER_BONUS,
    bonusPoints: REFERRAL_BONUS_POINTS,
  };
}

/** The bonus milestone reached by the `count`th successful referral (1 at the 10th, 2 at the 20th), or null. */
export function bonusMilestone(count: number): number | null {
  return count > 0 && count % REFERRALS_PER_BONUS === 0 ? count / REFERRALS_PER_BONUS : null;
}
