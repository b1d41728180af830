import { sql } from "kysely";
import { dialectOf, type Db } from "./database.ts";

/**
 * How often a long-running SQLite store refreshes its planner statistics: SQLite recommends
 * `PRAGMA optimize` every few hours on a long-lived connection, so statistics follow a shop that
 * grows (a plan chosen for 99 products is not the plan for 20,000).
 */
export const PLANNER_STATISTICS_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * Gives the query planner statistics (issue 33).
 *
 * SQLite: at start `PRAGMA optimize=0x10002` (every table is checked, not only those this
 * connection has used, and analyzed where its statistics are missing or out of date), then plain
 * `PRAGMA optimize` periodically. Since SQLite 3.46 optimize bounds its own ANALYZE with a temporary
 * analysis_limit, so it takes milliseconds even on a large file: it runs on the one connection that
 * also serves requests, and must not hold them.
 *
 * PostgreSQL: autovacuum keeps statistics current as rows change; what it does not cover is new
 * indexes and tables created by a migration, so after migrations ran the whole database is analyzed
 * once (ANALYZE samples a bounded number of rows per table).
 */
export async function refreshPlannerStatistics(db: Db, moment: { start: boolean; migrated: boolean }): Promise<void> {
  if (dialectOf(db) === "sqlite") {
    await sql`pragma ${sql.raw(moment.start ? "optimize = 0x10002" : "optimize")}`.execute(db);
    return;
  }
  if (moment.migrated) await sql`analyze`.execute(db);
}

/**
 * Runs refreshPlannerStatistics every `intervalMs` (SQLite only: PostgreSQL's autovacuum does it),
 * on a timer that does not keep the process alive. Returns the function that stops it.
 */
export function refreshPlannerStatisticsPeriodically(db: Db, onError: (error: unknown) => void, intervalMs = PLANNER_STATISTICS_INTERVAL_MS): () => void {
  if (dialectOf(db) !== "sqlite" || intervalMs <= 0) return () => undefined;
  const timer = setInterval(() => {
    refreshPlannerStatistics(db, { start: false, migrated: false }).catch(onError);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
