/** Randomness for referral codes. Each call returns a new code matching parseReferralCode. */
export interface ReferralCodeGenerator {
  newCode(): string;
}
