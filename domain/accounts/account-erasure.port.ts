/** Who is being erased and what the kept records (orders, analytics) say instead of them. */
export interface Erasure {
  userId: string;
  email: string;
  /** Replaces the user id wherever a record is kept for the books or the totals. */
  tombstoneId: string;
}

/**
 * Removes an account's personal data inside the caller's transaction: the account, its sessions
 * and sign-in methods, messages, wishlist, cart, referral code, submissions, consents, mail to the
 * address; orders and analytics are kept with the person replaced by the tombstone id. Balances
 * (points, store credit) go with the account. Erasing an id that no longer exists does nothing.
 */
export interface AccountErasure {
  erase(erasure: Erasure): Promise<{ submissionFiles: string[] }>;
}

/** Whether a password is the account's own; "no_password" for accounts that sign in only with Google. */
export interface PasswordCheck {
  check(userId: string, password: string): Promise<"matches" | "wrong" | "no_password">;
}
