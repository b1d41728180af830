import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { refreshPlannerStatistics } from "#adapters/db/planner-statistics.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

const store = await createTestApp({ seed: false });
const { db } = store.app;

describe(`the planner's statistics on ${TEST_DATABASE}`, () => {
  it.runIf(TEST_DATABASE === "sqlite")("SQLite: PRAGMA optimize at start analyzes a table that grew, and the planner has its figures", async () => {
    await sql`insert into meta (key, value) select 'row-' || value, 'x' from generate_series(1, 2000)`.execute(db).catch(async () => {
      // generate_series is an extension of the sqlite3 shell, not always built in: a recursive CTE instead.
      await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000)
        insert into meta (key, value) select 'row-' || i, 'x' from n`.execute(db);
    });
    await sql`drop table if exists sqlite_stat1`.execute(db);
    await refreshPlannerStatistics(db, { start: true, migrated: false });
    const { rows } = await sql<{ tbl: string; stat: string }>`select tbl, stat from sqlite_stat1 where tbl = 'meta'`.execute(db);
    expect(rows.length).toBeGreaterThan(0);
    expect(Number(rows[0]!.stat.split(" ")[0])).toBeGreaterThanOrEqual(2000);
  });

  it.runIf(TEST_DATABASE === "postgres")("PostgreSQL: after migrations every table is analyzed", async () => {
    await refreshPlannerStatistics(db, { start: true, migrated: true });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_user_tables where relname = 'orders' and last_analyze is not null`.execute(
      db,
    );
    expect(rows[0]!.n).toBe(1);
  });
});
