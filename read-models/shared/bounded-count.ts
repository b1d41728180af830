import type { Kysely, SelectQueryBuilder } from "kysely";
import { sql } from "kysely";
import type { Database } from "#adapters/db/schema.ts";

/**
 * Past this many rows an admin list's total is "10,000+": counting every one of 500,000 orders on
 * each page view cost more than the page itself (issue 33), and nobody pages that far.
 */
export const COUNT_CAP = 10_000;

/** How many rows a list's filter finds, up to `cap`; `capped` says there are more. */
export interface BoundedCount {
  total: number;
  capped: boolean;
}

/**
 * Counts the rows of `query` (its FROM and WHERE; what it selects does not matter) but reads at most
 * `cap` + 1 of them: `select count(*) from (select 1 ... limit cap + 1)`, an index range the planner
 * stops early, instead of a count over the whole table.
 */
export async function boundedCount<T extends keyof Database>(
  db: Kysely<Database>,
  query: SelectQueryBuilder<Database, T, object>,
  cap = COUNT_CAP,
): Promise<BoundedCount> {
  const rows = query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`1`.as("one"))
    .limit(cap + 1);
  const row = await db
    .selectFrom(rows.as("found"))
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  const n = Number(row.n);
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}
