/**
 * Counts attempts per key in fixed time windows. The count lives outside the process (the
 * database), so the limit holds across restarts and across several server processes. Concurrent
 * hits on one key are each counted once.
 */
export interface RateLimiter {
  /** Counts one attempt for `key` in the window of `windowMs` containing now; true while the count is at most `limit`. */
  hit(key: string, limit: number, windowMs: number): Promise<boolean>;
}
