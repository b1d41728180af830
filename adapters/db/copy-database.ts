import { sql } from "kysely";
import { dialectOf, migrateToLatest, type Db } from "./database.ts";

// catalogue_version is a cache-invalidation counter: the target starts with its own.
// product_search* is the search index (migration 0026, FTS5 and its shadow tables on SQLite): the
// target's own triggers write it as the products arrive; likewise the FAQ and support-conversation
// search indexes of 0025 (SQLite only; on PostgreSQL they are indexes, not tables).
const SKIPPED_TABLES = /^(kysely_migration|kysely_migration_lock|sqlite_.*|catalogue_version|(product|faq|support_conversation)_search(_.*)?)$/;
const BATCH_ROWS = 500;

export interface CopyReport {
  tables: { table: string; source: number; target: number }[];
}

/**
 * Copies a running shop's data (every table, the event log included) from one database into an
 * empty one, usually SQLite into PostgreSQL. The target gets the same migrations first; rows go
 * parents before children (by foreign keys) in batches, inside one transaction, so a failure
 * leaves the target empty. Row counts are compared at the end; a mismatch throws.
 */
export async function copyDatabase(source: Db, target: Db, onProgress: (line: string) => void = () => undefined): Promise<CopyReport> {
  await migrateToLatest(target);
  const tables = await copyOrder(source);
  const targetTables = new Map((await target.introspection.getTables()).map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));

  for (const table of tables) {
    if (!targetTables.has(table)) throw new Error(`migrate-data: the target has no table "${table}"; are both on the same version?`);
    const rows = await count(target, table);
    if (rows > 0) throw new Error(`migrate-data: the target is not empty (table "${table}" has ${rows} rows); use an empty database`);
  }

  await target.transaction().execute(async (trx) => {
    for (const table of tables) {
      const columns = targetTables.get(table)!;
      let copied = 0;
      for (let offset = 0; ; offset += BATCH_ROWS) {
        const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1 limit ${BATCH_ROWS} offset ${offset}`.execute(source))
          .rows;
        if (rows.length === 0) break;
        const values = rows.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => columns.has(column))));
        await trx
          .insertInto(table as never)
          .values(values)
          .execute();
        copied += rows.length;
      }
      onProgress(`migrate-data: ${table}: ${copied} rows`);
    }
    if (dialectOf(trx) === "postgres") {
      // Rows kept their ids; move each id sequence past them so new rows don't collide.
      for (const table of tables) {
        if (!targetTables.get(table)!.has("id")) continue;
        const { rows } = await sql<{ seq: string | null }>`select pg_get_serial_sequence(${`"${table}"`}, 'id') as seq`.execute(trx);
        const sequence = rows[0]?.seq;
        if (sequence) await sql`select setval(${sequence}, coalesce(max("id"), 0) + 1, false) from ${sql.table(table)}`.execute(trx);
      }
    }
  });

  const report: CopyReport = { tables: [] };
  for (const table of tables) report.tables.push({ table, source: await count(source, table), target: await count(target, table) });
  const wrong = report.tables.filter((t) => t.source !== t.target);
  if (wrong.length) throw new Error(`migrate-data: row counts differ: ${wrong.map((t) => `${t.table} ${t.source} -> ${t.target}`).join(", ")}`);
  return report;
}

async function count(db: Db, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The source's tables, each after the tables its foreign keys point to. */
async function copyOrder(source: Db): Promise<string[]> {
  const names = (await source.introspection.getTables()).map((t) => t.name).filter((name) => !SKIPPED_TABLES.test(name));
  const parents = new Map<string, string[]>();
  for (const name of names) {
    const { rows } = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${name})`.execute(source);
    parents.set(
      name,
      rows.map((r) => r.table).filter((p) => p !== name),
    );
  }
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const parent of parents.get(name) ?? []) if (names.includes(parent)) visit(parent, path);
    ordered.push(name);
  };
  for (const name of names.sort()) visit(name, new Set());
  return ordered;
}
