import type { EventListener } from "#adapters/repositories/event-log.repository.ts";
import type { EventType, StoredEvent } from "#domain/analytics/events.ts";
import type { Database } from "#adapters/db/schema.ts";
import { createProjectionTransaction, type ProjectionTransaction, type RmTable, type RmTableName, type StateTable } from "./projection-transaction.ts";

/**
 * A read model folded from the event log (DESIGN.md conventions 8). Its rm_* tables are a pure
 * function of the log, its version and its settings: bump the version when evolve changes
 * meaning, and `projections rebuild` (or the next start) rebuilds it from the log.
 */
export interface Projection {
  name: string;
  version: number;
  /** Settings the stored rows depend on (e.g. the time zone of day buckets); a change means rebuild. */
  settings: string;
  /** The event types evolve folds; every other event passes by. */
  handles: readonly EventType[];
  /** The tables it owns: emptied by a rebuild. */
  tables: readonly RmTable[];
  /** Folds one event, in log order, into the projection's tables. */
  evolve(event: StoredEvent, trx: ProjectionTransaction): Promise<void>;
  /**
   * The state rows evolve will get() for this event, if any. A fold of many events reads them all
   * first, in one query per table, instead of one query per event; leaving one out costs only
   * that query.
   */
  reads?(event: StoredEvent): readonly StateRead[];
}

/** A state row a projection's evolve step will read. */
export type StateRead = { [N in RmTableName]: { table: StateTable<N>; key: Partial<Database[N]> } }[RmTableName];

/**
 * Folds `events` (in log order) into `trx`, skipping the types the projection does not handle. The
 * one fold both live appends and rebuilds run, so their rows cannot differ.
 */
export async function foldEvents(projection: Projection, events: readonly StoredEvent[], trx: ProjectionTransaction): Promise<void> {
  const handled = events.filter((event) => projection.handles.includes(event.type));
  if (projection.reads && handled.length > 1) {
    const keysByTable = new Map<StateTable, StateRead["key"][]>();
    for (const event of handled) {
      for (const { table, key } of projection.reads(event)) {
        const keys = keysByTable.get(table);
        if (keys) keys.push(key);
        else keysByTable.set(table, [key]);
      }
    }
    for (const [table, keys] of keysByTable) await trx.prefetch(table, keys);
  }
  for (const event of handled) await projection.evolve(event, trx);
}

/**
 * Keeps a projection up to date inside the transaction of every append (app.eventListeners): the
 * events appended together are folded in one ProjectionTransaction and written by one flush. The
 * append holds the event log's lock (EVENT_LOG_LOCK), so evolve's read-and-replace sees no
 * concurrent writer, on PostgreSQL too.
 */
export function projectionListener(projection: Projection): EventListener {
  return async (events, db) => {
    if (!events.some((event) => projection.handles.includes(event.type))) return;
    const trx = createProjectionTransaction(db);
    await foldEvents(projection, events, trx);
    await trx.flush();
  };
}
