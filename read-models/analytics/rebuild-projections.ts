import type { Kysely } from "kysely";
import type { Tx } from "#adapters/db/database.ts";
import type { Database } from "#adapters/db/schema.ts";
import { EVENT_LOG_LOCK, readEventsAfter } from "#adapters/repositories/event-log.repository.ts";
import { lockName } from "#adapters/db/transaction-locks.ts";
import { foldEvents, type Projection } from "./projection.ts";
import { createProjectionTransaction } from "./projection-transaction.ts";

const WRITE_BEHIND_ROWS = 50_000;
const DEFAULT_MAX_CACHED_ROWS = 250_000;

export interface RebuildProgress {
  /** Events read so far (including ones no projection handles). */
  done: number;
  /** Events in the log when the rebuild started. */
  total: number;
}

export interface RebuildResult {
  projections: string[];
  events: number;
  /** Rows that could not be decoded (unknown type or malformed payload) and were skipped. */
  undecodable: number;
}

/**
 * Empties the projections' tables and replays the whole log into them, in batches, inside ONE
 * transaction: readers keep seeing the old figures until the new ones are complete, and no append
 * can slip in between the replay and the switch. Appends from other processes wait meanwhile
 * (SQLite's busy timeout; PostgreSQL: the event log's lock), so rebuild a big log while the store is quiet. Ends with exactly the
 * rows the live projections would hold, because both run the same evolve steps in log order.
 */
export async function rebuildProjections(
  db: Kysely<Database>,
  projections: readonly Projection[],
  options: { batchSize?: number; maxCachedRows?: number; onProgress?: (progress: RebuildProgress) => void } = {},
): Promise<RebuildResult> {
  const batchSize = options.batchSize ?? 5000;
  const maxCachedRows = options.maxCachedRows ?? DEFAULT_MAX_CACHED_ROWS;
  return db.transaction().execute(async (trx) => {
    // Appends in flight finish first, later ones wait: none is replayed twice or missed (PostgreSQL).
    await lockName(trx, EVENT_LOG_LOCK);
    for (const projection of projections) {
      for (const table of projection.tables) await trx.deleteFrom(table.name).execute();
    }
    const { total } = await trx
      .selectFrom("events")
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow();
    const runs = projections.map((projection) => ({
      projection,
      trx: createProjectionTransaction(trx, { emptyTables: true, maxCachedRows }),
    }));
    let after = 0;
    let done = 0;
    let undecodable = 0;
    options.onProgress?.({ done, total: Number(total) });
    for (;;) {
      const batch = await readEventsAfter(trx, after, batchSize);
      if (batch.lastId === null) break;
      // Projections own separate tables: folding the batch projection by projection is the same as event by event.
      for (const run of runs) await foldEvents(run.projection, batch.events, run.trx);
      // Rows are written when many are waiting (each at most once however often it changed) or
      // when the cache must be dropped to bound memory, and at the end.
      for (const run of runs) {
        const { pending, cached } = run.trx.size();
        if (pending >= WRITE_BEHIND_ROWS || cached > maxCachedRows) await run.trx.flush();
      }
      after = batch.lastId;
      done += batch.events.length + batch.undecodable;
      undecodable += batch.undecodable;
      options.onProgress?.({ done, total: Math.max(done, Number(total)) });
    }
    for (const run of runs) await run.trx.flush();
    for (const projection of projections) await recordVersion(trx, projection);
    return { projections: projections.map((p) => p.name), events: done, undecodable };
  });
}

/** Projections whose tables were built by another version or with other settings (or never recorded). */
export async function staleProjections(db: Kysely<Database>, projections: readonly Projection[]): Promise<Projection[]> {
  const stored = await db.selectFrom("projection_versions").selectAll().execute();
  const byName = new Map(stored.map((row) => [row.name, row]));
  return projections.filter((p) => {
    const row = byName.get(p.name);
    return !row || row.version !== p.version || row.settings !== p.settings;
  });
}

/**
 * Run at start: rebuilds the projections that are stale (new, of a new version, or built with
 * other settings such as another TIME_ZONE) so the figures always match the code and config.
 */
export async function bringProjectionsUpToDate(db: Kysely<Database>, projections: readonly Projection[]): Promise<RebuildResult | null> {
  const stale = await staleProjections(db, projections);
  return stale.length ? rebuildProjections(db, stale) : null;
}

async function recordVersion(db: Tx, projection: Projection): Promise<void> {
  await db
    .insertInto("projection_versions")
    .values({ name: projection.name, version: projection.version, settings: projection.settings })
    .onConflict((oc) => oc.column("name").doUpdateSet({ version: projection.version, settings: projection.settings }))
    .execute();
}
