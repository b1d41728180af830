import { type Kysely } from "kysely";
import { insertRows, MAX_PARAMETERS, MAX_ROWS_PER_STATEMENT, quoted, type RowsInsert } from "#adapters/db/insert-rows.ts";
import type { Database } from "#adapters/db/schema.ts";
import type { Tx } from "#adapters/db/database.ts";

/** The read-model tables projections own: everything named rm_*. */
export type RmTableName = Extract<keyof Database, `rm_${string}`>;
type Column<N extends RmTableName> = keyof Database[N] & string;

/** A table of one row per key, read and replaced whole (an entity's state). */
export interface StateTable<N extends RmTableName = RmTableName> {
  kind: "state";
  name: N;
  /** Primary key columns (checked against the table by stateTable()). */
  key: readonly string[];
}

/** A table of counters per key, only ever incremented (portable: no read-modify-write). */
export interface CounterTable<N extends RmTableName = RmTableName> {
  kind: "counter";
  name: N;
  key: readonly string[];
  counters: readonly string[];
}

/** An append-only table that keeps only the `keep` rows with the highest `id`. */
export interface CappedTable<N extends RmTableName = RmTableName> {
  kind: "capped";
  name: N;
  keep: number;
}

export type RmTable = StateTable | CounterTable | CappedTable;

export const stateTable = <N extends RmTableName>(name: N, key: readonly Column<N>[]): StateTable<N> => ({ kind: "state", name, key });
export const counterTable = <N extends RmTableName>(name: N, key: readonly Column<N>[], counters: readonly Column<N>[]): CounterTable<N> => ({
  kind: "counter",
  name,
  key,
  counters,
});
export const cappedTable = <N extends RmTableName>(name: N, keep: number): CappedTable<N> => ({ kind: "capped", name, keep });

/**
 * What a projection's evolve step reads and writes, bound to one database transaction. Writes are
 * collected and written by flush(): once per appended event when projections follow the log
 * live, once per batch of thousands when they are rebuilt, with the same result either way, which
 * is what makes a rebuild of a million events take seconds instead of minutes.
 */
export interface ProjectionTransaction {
  /** The row with this key (as last put in this transaction, else as stored), or undefined. */
  get<N extends RmTableName>(table: StateTable<N>, key: Partial<Database[N]>): Promise<Database[N] | undefined>;
  /**
   * Reads in a few queries the rows with these keys that are not known yet, so that the get()
   * calls that follow are answered without a query each. Changes no answer of get(); for none, or
   * with every row known, it does nothing.
   */
  prefetch<N extends RmTableName>(table: StateTable<N>, keys: readonly Partial<Database[N]>[]): Promise<void>;
  /** Replaces the row with this row's key. */
  put<N extends RmTableName>(table: StateTable<N>, row: Database[N]): void;
  /** Adds `deltas` to the counters of the row with this key (a missing row starts at zero). */
  add<N extends RmTableName>(table: CounterTable<N>, key: Partial<Database[N]>, deltas: Partial<Database[N]>): void;
  /** Appends a row to a capped table. */
  append<N extends RmTableName>(table: CappedTable<N>, row: Database[N]): void;
  /** Writes everything collected since the last flush. */
  flush(): Promise<void>;
  /** Rows waiting for flush() and rows cached: a rebuild flushes only when these grow large. */
  size(): { pending: number; cached: number };
}

type Value = string | number | null;
type Row = Record<string, Value>;
// The tables are chosen at run time here; their column types are checked where rows are built.
type LooseDb = Kysely<Record<string, Row>>;

export interface ProjectionTransactionOptions {
  /**
   * The tables were just emptied and only this transaction writes them (a rebuild): a key missing
   * from the cache is known to be absent, with no query, until the cache is dropped.
   */
  emptyTables?: boolean;
  /** Cached rows kept across flushes before the cache is dropped (bounds a rebuild's memory). */
  maxCachedRows?: number;
}

export function createProjectionTransaction(db: Tx, options: ProjectionTransactionOptions = {}): ProjectionTransaction {
  const loose = db as unknown as LooseDb;
  const maxCachedRows = options.maxCachedRows ?? 250_000;
  let cacheIsComplete = options.emptyTables === true;
  // Per state table: rows known (null: known to be absent) and rows waiting to be written.
  const states = new Map<string, { table: StateTable; cache: Map<string, Row | null>; dirty: Map<string, Row> }>();
  const counters = new Map<string, { table: CounterTable; rows: Map<string, Row> }>();
  const appended = new Map<string, { table: CappedTable; rows: Row[] }>();
  let cachedRows = 0;

  const asRow = (value: unknown) => value as Row;
  const keyOf = (columns: readonly string[], row: Row) => {
    let key = String(row[columns[0]!]);
    for (let i = 1; i < columns.length; i++) key += "\u0000" + String(row[columns[i]!]);
    return key;
  };
  const stateOf = (table: StateTable) => {
    let state = states.get(table.name);
    if (!state) states.set(table.name, (state = { table, cache: new Map(), dirty: new Map() }));
    return state;
  };

  return {
    async get(table, key) {
      const k = keyOf(table.key, asRow(key));
      const { cache } = stateOf(table);
      const cached = cache.get(k);
      if (cached !== undefined) return (cached ?? undefined) as never;
      let row: Row | null = null;
      if (!cacheIsComplete) {
        let query = loose.selectFrom(table.name).selectAll();
        for (const column of table.key) query = query.where(column, "=", asRow(key)[column] as string);
        row = (await query.executeTakeFirst()) ?? null;
      }
      cache.set(k, row);
      cachedRows++;
      return (row ?? undefined) as never;
    },

    async prefetch(table, keys) {
      if (cacheIsComplete) return;
      const { cache } = stateOf(table);
      const unknown = new Map<string, Row>();
      for (const key of keys) {
        const k = keyOf(table.key, asRow(key));
        if (!cache.has(k)) unknown.set(k, asRow(key));
      }
      const wanted = [...unknown.values()];
      const perQuery = Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(MAX_PARAMETERS / table.key.length));
      for (let start = 0; start < wanted.length; start += perQuery) {
        const chunk = wanted.slice(start, start + perQuery);
        // One IN list per key column: plain SQL on both databases that uses the primary key. It
        // may also match rows not asked for (other combinations); they are current rows too.
        let query = loose.selectFrom(table.name).selectAll();
        for (const column of table.key) query = query.where(column, "in", [...new Set(chunk.map((key) => key[column] as string))]);
        for (const row of await query.execute()) {
          const k = keyOf(table.key, row);
          if (cache.has(k)) continue; // put in this transaction: newer than the stored row
          cache.set(k, row);
          cachedRows++;
        }
      }
      for (const k of unknown.keys()) {
        if (cache.has(k)) continue;
        cache.set(k, null);
        cachedRows++;
      }
    },

    put(table, row) {
      const k = keyOf(table.key, asRow(row));
      const { cache, dirty } = stateOf(table);
      if (!cache.has(k)) cachedRows++;
      cache.set(k, asRow(row));
      dirty.set(k, asRow(row));
    },

    add(table, key, deltas) {
      const k = keyOf(table.key, asRow(key));
      let entry = counters.get(table.name);
      if (!entry) counters.set(table.name, (entry = { table, rows: new Map() }));
      let row = entry.rows.get(k);
      if (!row) {
        row = { ...asRow(key) };
        for (const c of table.counters) row[c] = 0;
        entry.rows.set(k, row);
      }
      for (const c in deltas) row[c] = (row[c] as number) + (asRow(deltas)[c] as number);
    },

    append(table, row) {
      let entry = appended.get(table.name);
      if (!entry) appended.set(table.name, (entry = { table, rows: [] }));
      entry.rows.push(asRow(row));
      // Only the newest `keep` can survive; older ones need not even be written.
      if (entry.rows.length > 2 * table.keep) entry.rows.splice(0, entry.rows.length - table.keep);
    },

    size() {
      let pending = 0;
      for (const { dirty } of states.values()) pending += dirty.size;
      for (const { rows } of counters.values()) pending += rows.size;
      for (const { rows } of appended.values()) pending += rows.length;
      return { pending, cached: cachedRows };
    },

    async flush() {
      for (const { table, dirty } of states.values()) {
        await upsert(loose, table.name, table.key, [...dirty.values()], (column) => `excluded.${quoted(column)}`);
        dirty.clear();
      }
      for (const { table, rows } of counters.values()) {
        await upsert(loose, table.name, table.key, [...rows.values()], (column) => `${quoted(table.name)}.${quoted(column)} + excluded.${quoted(column)}`);
      }
      counters.clear();
      for (const { table, rows } of appended.values()) {
        const newest = [...rows].sort((a, b) => Number(a["id"]) - Number(b["id"])).slice(-table.keep);
        await upsert(loose, table.name, ["id"], newest, null);
        // Below the keep-th highest id, by a range of the primary key: `not in (the newest keep)`
        // scanned the whole table and built a temporary index of its answer on every flush. With
        // fewer than keep rows the subquery is null and nothing is deleted.
        await loose
          .deleteFrom(table.name)
          .where(
            "id",
            "<",
            loose
              .selectFrom(table.name)
              .select("id")
              .orderBy("id", "desc")
              .limit(1)
              .offset(table.keep - 1),
          )
          .execute();
      }
      appended.clear();
      if (cachedRows > maxCachedRows) {
        for (const { cache } of states.values()) cache.clear();
        cachedRows = 0;
        cacheIsComplete = false;
      }
    },
  };
}

/** Multi-row insert; on a key conflict each non-key column is set by `update` (null: keep the row). */
async function upsert(db: LooseDb, table: string, key: readonly string[], rows: Row[], update: ((column: string) => string) | null): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const shapeKey = `${table}|${columns.join(",")}|${update ? "update" : "keep"}`;
  let shape = upsertShapes.get(shapeKey);
  if (!shape) {
    const others = columns.filter((c) => !key.includes(c));
    const set = update ? Object.fromEntries(others.map((c) => [c, update(c)])) : {};
    upsertShapes.set(shapeKey, (shape = { table, columns, onConflict: { key, set } }));
  }
  await insertRows(
    db,
    shape,
    rows.map((row) => columns.map((c) => row[c] ?? null)),
  );
}

// One shape per table and kind of write: insertRows keeps each shape's SQL text per row count.
const upsertShapes = new Map<string, RowsInsert>();
