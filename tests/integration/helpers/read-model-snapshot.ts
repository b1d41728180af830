import { sql } from "kysely";
import { dialectOf } from "#adapters/db/database.ts";
import type { App } from "#server/app.ts";

/** Every rm_* table's rows, in a stable order: what "the projections hold" means in a comparison. */
export async function readModelSnapshot(app: App): Promise<Record<string, unknown[]>> {
  // The catalogue of tables differs: sqlite_master on SQLite, information_schema on PostgreSQL.
  const tables =
    dialectOf(app.db) === "sqlite"
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name like 'rm\\_%' escape '\\' order by name`.execute(app.db)
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_name like 'rm\\_%' escape '\\' order by table_name collate "C"`.execute(
          app.db,
        );
  const result: Record<string, unknown[]> = {};
  for (const { name } of tables.rows) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(app.db)).rows;
    result[name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return result;
}
