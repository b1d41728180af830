import type { Db } from "#adapters/db/database.ts";
import type { Database } from "#adapters/db/schema.ts";

/** How many rows a table holds: the before/after figure of a test that something was (not) written. */
export async function countRows(db: Db, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table as "events")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
