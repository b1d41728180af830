import type { ReferralCode } from "./referral.ts";

/** Users' own referral codes. */
export interface ReferralCodeRepository {
  /** The user's code, or null when none was made yet. */
  findByUser(userId: string): Promise<ReferralCode | null>;
  /** The user who owns this code, or null for an unknown code. */
  findOwner(code: string): Promise<string | null>;
  /**
   * Stores a new code for the user. False (nothing stored) when the user already has one (e.g. a
   * concurrent call made it first) or the code is taken.
   */
  add(code: ReferralCode, createdAt: Date): Promise<boolean>;
  /**
   * Counts one more successful referral for the user and answers the new count. Concurrent calls
   * are serialised (each sees a different count), so no bonus milestone is skipped or repeated.
   */
  incrementSuccessful(userId: string): Promise<number>;
}
