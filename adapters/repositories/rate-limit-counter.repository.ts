import type { Kysely } from "kysely";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { RateLimiter } from "#domain/shared/rate-limiter.port.ts";
import type { Database } from "../db/schema.ts";

/**
 * Fixed windows counted in the `rate_limit_counters` table with one atomic upsert per hit (SQLite
 * 3.35+ and PostgreSQL), so every server process shares the counts and concurrent hits are each
 * counted. One row per key: a new window resets the row instead of adding one.
 */
export function createRateLimiter(db: Kysely<Database>, clock: Clock): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const now = clock.now().getTime();
      const windowStart = new Date(now - (now % windowMs)).toISOString();
      const row = await db
        .insertInto("rate_limit_counters")
        .values({ key, windowStart, hits: 1 })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet((eb) => ({
            hits: eb
              .case()
              .when("rate_limit_counters.windowStart", "=", windowStart)
              .then(eb("rate_limit_counters.hits", "+", 1))
              .else(1)
              .end(),
            windowStart,
          })),
        )
        .returning("hits")
        .executeTakeFirstOrThrow();
      return Number(row.hits) <= limit;
    },
    secondsLeft(windowMs) {
      const now = clock.now().getTime();
      return Math.max(1, Math.ceil((windowMs - (now % windowMs)) / 1000));
    },
  };
}
