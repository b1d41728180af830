import type { Kysely } from "kysely";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { RateLimiter } from "#domain/shared/rate-limiter.port.ts";
import { admitHits } from "#domain/analytics/tracking-admission.ts";
import type { Database } from "../db/schema.ts";
import { insertRows, type RowsInsert } from "../db/insert-rows.ts";
import { skippingLockedRows } from "../db/transaction-locks.ts";
import type { Tx } from "../db/database.ts";

const WINDOW_MS = 60_000;
// Counters of past minutes are useless; every so many hits counted here, the stale ones are swept.
const SWEEP_EVERY = 1000;
let hitsSinceSweep = 0;

/** The start of the fixed one-minute window `at` falls in, as stored. */
export function trackingWindowOf(at: Date): string {
  return new Date(Math.floor(at.getTime() / WINDOW_MS) * WINDOW_MS).toISOString();
}

// A key's count restarts with each new window; within one it grows by the batch's hits.
const HITS_UPSERT: RowsInsert = {
  table: "tracking_rate_limits",
  columns: ["key", "windowStart", "count"],
  onConflict: {
    key: ["key"],
    set: {
      count: `case when "tracking_rate_limits"."windowStart" = excluded."windowStart" then "tracking_rate_limits"."count" + excluded."count" else excluded."count" end`,
      windowStart: `excluded."windowStart"`,
    },
  },
  returning: ["key", "count"],
};

/**
 * Counts hits in the window starting at `windowStart`: `keys` holds one entry per hit (a key may
 * repeat; no keys: no statement and an empty map). One upsert for all of them, each key's row
 * taking its number of hits (a row of an older window starts again from them). Returns each
 * key's hits in the window afterwards, all of them counted, with other processes' committed hits. On PostgreSQL the upsert locks the
 * keys' rows until the transaction ends; rows are written in key order, so two callers counting
 * overlapping keys never wait for each other in a circle.
 */
export async function countTrackingHits(db: Tx, keys: readonly string[], windowStart: string): Promise<Map<string, number>> {
  const perKey = new Map<string, number>();
  for (const key of keys) perKey.set(key, (perKey.get(key) ?? 0) + 1);
  if (perKey.size === 0) return new Map();
  const rows = await insertRows<{ key: string; count: number | string }>(
    db,
    HITS_UPSERT,
    [...perKey].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, count]) => [key, windowStart, count]),
  );
  hitsSinceSweep += keys.length;
  return new Map(rows.map((row) => [row.key, Number(row.count)]));
}

/**
 * Once this process has counted enough hits since the last sweep, deletes the counters of windows
 * before `now`'s. Run it on its own, outside any transaction: it skips rows other transactions hold
 * (they are being counted, so not stale for long) instead of waiting, so it never deadlocks with a
 * writer that holds the event log's lock. Resolves to the rows deleted, or null when not due.
 */
export async function sweepTrackingWindowsIfDue(db: Kysely<Database>, now: Date): Promise<number | null> {
  if (hitsSinceSweep < SWEEP_EVERY) return null;
  hitsSinceSweep = 0;
  const stale = skippingLockedRows(db, db.selectFrom("tracking_rate_limits").select("key").where("windowStart", "<", trackingWindowOf(now)));
  const result = await db.deleteFrom("tracking_rate_limits").where("key", "in", stale).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The store's RateLimiter port over tracking's own counters: fixed one-minute windows counted in
 * the database with one upsert per hit, so the limit holds across processes, and the hit is part of
 * the caller's transaction (the tracking unit of work's), which the general limiter's is not.
 * Only one-minute windows are kept here. Stale windows are swept by the page-view log
 * (sweepTrackingWindowsIfDue), outside any transaction.
 */
export function createTrackingRateLimiter(db: Tx, clock: Clock): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      if (windowMs !== WINDOW_MS) throw new Error(`tracking counts one-minute windows, not ${windowMs} ms`);
      const counts = await countTrackingHits(db, [key], trackingWindowOf(clock.now()));
      return admitHits([{ key, limit }], counts)[0]!;
    },
    secondsLeft(windowMs) {
      const now = clock.now().getTime();
      return Math.max(1, Math.ceil((windowMs - (now % windowMs)) / 1000));
    },
  };
}
