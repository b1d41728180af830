import { sql, type Kysely } from "kysely";
import type { RateLimiter } from "../../domain/analytics/rate-limiter.port.ts";
import type { Database } from "../db/schema.ts";

const WINDOW_MS = 60_000;
// Counters of past minutes are useless; every so many hits, the stale ones are swept.
const SWEEP_EVERY = 1000;
let hitsSinceSweep = 0;

/**
 * Fixed one-minute windows counted in the database with one upsert per hit, so the limit holds
 * across processes (and the hit is part of the caller's transaction).
 */
export function createTrackingRateLimiter(db: Kysely<Database>): RateLimiter {
  return {
    async hit(key, limit, now) {
      const windowStart = new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS).toISOString();
      const row = await db
        .insertInto("tracking_rate_limits")
        .values({ key, windowStart, count: 1 })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({
            count: sql<number>`case when ${sql.ref("tracking_rate_limits.windowStart")} = ${sql.ref("excluded.windowStart")} then ${sql.ref("tracking_rate_limits.count")} + 1 else 1 end`,
            windowStart: (eb) => eb.ref("excluded.windowStart"),
          }),
        )
        .returning("count")
        .executeTakeFirstOrThrow();
      if (++hitsSinceSweep >= SWEEP_EVERY) {
        hitsSinceSweep = 0;
        await db.deleteFrom("tracking_rate_limits").where("windowStart", "<", windowStart).execute();
      }
      return Number(row.count) <= limit;
    },
  };
}
