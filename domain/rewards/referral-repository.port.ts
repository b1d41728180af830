import type { Referral } from "./referral.ts";

/** Who referred whom. A user is referred at most once. */
export interface ReferralRepository {
  /** Stores the referral; false (nothing stored) when the referred user already has one. */
  add(referral: Referral): Promise<boolean>;
  /**
   * Marks the referral of this user successful (their first completed order) and answers the
   * referrer's id; null when the user was not referred or it was marked before. Of concurrent
   * calls exactly one answers the referrer.
   */
  markSuccessful(referredUserId: string, orderId: string, at: Date): Promise<string | null>;
}
