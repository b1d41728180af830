import type { EventListener } from "../../adapters/repositories/event-log.repository.ts";
import type { EventType, StoredEvent } from "../../domain/analytics/events.ts";
import { createProjectionTransaction, type ProjectionTransaction, type RmTable } from "./projection-transaction.ts";

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
}

/**
 * Folds `events` (in log order) into `trx`, skipping the types the projection does not handle. The
 * one fold both live appends and rebuilds run, so their rows cannot differ.
 */
export async function foldEvents(projection: Projection, events: readonly StoredEvent[], trx: ProjectionTransaction): Promise<void> {
  for (const event of events) if (projection.handles.includes(event.type)) await projection.evolve(event, trx);
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
