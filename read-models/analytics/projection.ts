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
 * Keeps a projection up to date inside the transaction of every append (app.eventListeners). The
 * append holds the event log's lock (EVENT_LOG_LOCK), so evolve's read-and-replace sees no
 * concurrent writer, on PostgreSQL too.
 */
export function projectionListener(projection: Projection): EventListener {
  const handles = new Set<string>(projection.handles);
  return async (event, db) => {
    if (!handles.has(event.type)) return;
    const trx = createProjectionTransaction(db);
    await projection.evolve(event, trx);
    await trx.flush();
  };
}
