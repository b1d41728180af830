import type { Kysely } from "kysely";
import type { PageViewed, PageViewLog } from "#domain/analytics/page-view-log.port.ts";
import { admitHits, type TrackingHit } from "#domain/analytics/tracking-admission.ts";
import type { Database } from "../db/schema.ts";
import { lockName } from "../db/transaction-locks.ts";
import { appendEvents, EVENT_LOG_LOCK, type EventListener } from "./event-log.repository.ts";
import { countTrackingHits, sweepTrackingWindowsIfDue, trackingWindowOf } from "./tracking-rate-limiter.repository.ts";
import type { Tx } from "../db/database.ts";

type Outcome = "recorded" | "limited";

interface Queued {
  view: PageViewed;
  hit: TrackingHit | readonly TrackingHit[];
  resolve(outcome: Outcome): void;
  reject(error: unknown): void;
}

export interface BatchingPageViewLog extends PageViewLog {
  /**
   * Writes what is queued, then refuses new views (they reject). Resolves once the last batch has
   * committed or failed; calling it again waits for the same.
   */
  close(): Promise<void>;
}

/**
 * How long the first queued view waits for others at most. A write is synchronous on SQLite: no
 * request is read while it runs, so a write started at once takes only the views read so far and
 * pays a transaction for them. Instead the write waits, one event-loop turn at a time, while each
 * turn brings more views (the requests of busy connections that were already on their way), and
 * starts at the first turn that brings none, or after this long. A fixed wait of this length, the
 * earlier rule, left the server idle once every busy connection had been read: about a quarter
 * fewer page views per second (docs/benchmarks.md).
 */
const GROUP_COMMIT_WINDOW_MS = 1;

export interface BatchingPageViewLogOptions {
  /** Views written by one transaction at most (default 1000); the rest go to the next one. */
  maxBatch?: number;
  /** The longest wait of a first view for others, in ms (default GROUP_COMMIT_WINDOW_MS). */
  windowMs?: number;
  /** Told about a failure that no caller waits for (the sweep of stale rate-limit windows). */
  onBackgroundError?(error: unknown): void;
}

/**
 * Group commit for page views. Each recorded view waits in a queue; the first one to arrive while
 * nothing is being written schedules a write (once views stop arriving, GROUP_COMMIT_WINDOW_MS at
 * most, so the views of the requests already on their way join it), and views arriving during a
 * write go into the next one, started right after. One write is one transaction: it takes the event
 * log's lock, counts every view's rate-limit hit with one upsert per minute window, appends the
 * admitted views with multi-row inserts and hands them to the listeners (the projections) at once,
 * so per view it costs a fraction of a transaction of its own. A caller's promise settles only
 * after its transaction committed ("recorded"/"limited") or failed (every view of that batch
 * rejects, nothing of it is stored; later batches go on). The hits are counted in the database
 * under the same rule as one by one, so the limit stays exact across processes and batches.
 */
export function createBatchingPageViewLog(
  db: Kysely<Database>,
  listeners: readonly EventListener[],
  options: BatchingPageViewLogOptions = {},
): BatchingPageViewLog {
  const maxBatch = options.maxBatch ?? 1000;
  const windowMs = options.windowMs ?? GROUP_COMMIT_WINDOW_MS;
  let queue: Queued[] = [];
  let writing = false;
  let closed = false;
  let idle: Promise<void> = Promise.resolve();

  async function writeQueued(): Promise<void> {
    try {
      while (queue.length > 0) {
        const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
        queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch);
        let outcomes: Outcome[];
        try {
          outcomes = await writeBatch(batch);
        } catch (error) {
          for (const item of batch) item.reject(error);
          continue;
        }
        batch.forEach((item, i) => item.resolve(outcomes[i]!));
        try {
          await sweepTrackingWindowsIfDue(db, batch[batch.length - 1]!.view.occurredAt);
        } catch (error) {
          options.onBackgroundError?.(error);
        }
      }
    } finally {
      // Set in the same turn as the empty-queue check: a view queued after it schedules a new write.
      writing = false;
    }
  }

  function writeBatch(batch: readonly Queued[]): Promise<Outcome[]> {
    return db.transaction().execute(async (trx) => {
      // Writers of every process take turns here, as single appends do: rate-limit rows and
      // positions are taken and the projections folded by one writer at a time (PostgreSQL).
      await lockName(trx, EVENT_LOG_LOCK);
      const admitted = await countHits(trx, batch);
      await appendEvents(
        trx,
        batch.filter((_, i) => admitted[i]).map((item) => item.view),
        listeners,
      );
      return admitted.map((ok): Outcome => (ok ? "recorded" : "limited"));
    });
  }

  // Each hit counts in the window of its view's time; a batch that spans a minute's end counts
  // each window separately, the older first, as one-by-one hits would have been.
  async function countHits(trx: Tx, batch: readonly Queued[]): Promise<boolean[]> {
    const byWindow = new Map<string, number[]>();
    batch.forEach((item, i) => {
      const window = trackingWindowOf(item.view.occurredAt);
      const indexes = byWindow.get(window);
      if (indexes) indexes.push(i);
      else byWindow.set(window, [i]);
    });
    const admitted: boolean[] = new Array<boolean>(batch.length).fill(true);
    for (const window of [...byWindow.keys()].sort()) {
      const indexes = byWindow.get(window)!;
      // A view may count against several keys (its visitor and its address): admitted when every one admits it.
      const owners: number[] = [];
      const hits: TrackingHit[] = [];
      for (const i of indexes) {
        for (const hit of hitsOf(batch[i]!.hit)) {
          owners.push(i);
          hits.push(hit);
        }
      }
      const counts = await countTrackingHits(
        trx,
        hits.map((hit) => hit.key),
        window,
      );
      admitHits(hits, counts).forEach((ok, j) => {
        if (!ok) admitted[owners[j]!] = false;
      });
    }
    return admitted;
  }

  /** Calls `write` at the first event-loop turn that queued no view, or windowMs on. */
  function whileViewsArrive(write: () => void): void {
    const since = performance.now();
    let seen = 0;
    const check = () => {
      if (queue.length > seen && performance.now() - since < windowMs) {
        seen = queue.length;
        setImmediate(check);
      } else write();
    };
    setImmediate(check);
  }

  return {
    record(view, hit) {
      if (closed) return Promise.reject(new Error("The page view log is closed: the store is shutting down."));
      return new Promise<Outcome>((resolve, reject) => {
        queue.push({ view, hit, resolve, reject });
        if (writing) return;
        writing = true;
        idle = new Promise<void>((done) => whileViewsArrive(() => void writeQueued().then(done)));
      });
    },
    async close() {
      closed = true;
      await idle;
    },
  };
}

function hitsOf(hit: TrackingHit | readonly TrackingHit[]): readonly TrackingHit[] {
  return Array.isArray(hit) ? hit : [hit as TrackingHit];
}
