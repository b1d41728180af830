/**
 * Counts attempts per key in fixed time windows, aligned to multiples of the window's length. The
 * count lives outside the process (the database), so the limit holds across restarts and across
 * several server processes. Concurrent hits on one key are each counted once.
 * The store's one brake for anything a client may repeat: chats, sign-up, sign-in per account,
 * discount-code guesses, checkout holds (see enforceLimits). Page-view tracking counts the same way
 * in batches (domain/analytics/tracking-admission.ts), since it is written by a group commit.
 */
export interface RateLimiter {
  /** Counts one attempt for `key` in the window of `windowMs` containing now; true while the count is at most `limit`. */
  hit(key: string, limit: number, windowMs: number): Promise<boolean>;
  /** Seconds until the current window of `windowMs` ends: when a refused key may try again (Retry-After). */
  secondsLeft(windowMs: number): number;
}
