/**
 * Counts hits per key in fixed one-minute windows. Kept in the database, so the limit holds across
 * every process serving the store. Concurrent hits on one key are each counted.
 */
export interface RateLimiter {
  /** Counts a hit on `key` at `now`; true while the key's hits in this minute are at most `limit`. */
  hit(key: string, limit: number, now: Date): Promise<boolean>;
}
