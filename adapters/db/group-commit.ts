import type { Database as SqliteHandle } from "better-sqlite3";
import type { FifoLock } from "./fifo-lock.ts";
import type { CachedStatements } from "./statement-cache.ts";

/** At most this many transactions share a commit. */
export const GROUP_COMMIT_UNITS = 64;

// Each transaction's own savepoint inside the batch's transaction (one at a time, so one name).
const UNIT = '"unit_of_work"';

// Writers open in this process, by file. A second one on the same file (a test's second "process")
// would block the event loop in its BEGIN while this one's batch held the file's lock waiting for
// a later turn: then each transaction commits on its own, as without sharing.
const writersByFile = new Map<string, number>();

/** The open transaction that several units of work share, and the callers waiting for its commit. */
interface Batch {
  kept: { resolve: () => void; reject: (error: unknown) => void }[];
  /** Run once it is committed (nothing, when it is rolled back). */
  after: (() => void)[];
}

/** The writer's units of work (its transactions and lone writes), each called while holding the turn. */
export interface GroupCommit {
  /** Starts a unit: the batch's transaction is begun if none is open. */
  enterUnit(): void;
  /** Keeps the unit's work and gives the turn on; resolves once its batch is committed. */
  keepUnit(): Promise<void>;
  /** Undoes the unit's own work and gives the turn on; resolves once its batch has ended. */
  dropUnit(): Promise<void>;
  /**
   * Runs `run` once what has been written so far is committed: the open batch's commit, or the
   * next turn of the event loop when none is open. A reader (another connection, another process)
   * sees a write only then, so whoever is told "something was written" must be told then.
   */
  afterCommit(run: () => void): void;
  /** Commits the open batch now, if there is one (before work that must run alone). */
  endOpenBatch(): void;
  /** Makes a commit put off to the next turn now (its callers wait for it); the writer closes next. */
  close(): void;
}

/**
 * Group commit on SQLite's one writer (sqlite-connections.ts says why and what it keeps): the units
 * that follow each other in the turn's order share one transaction and its commit.
 */
export function groupCommit(writerHandle: SqliteHandle, writer: CachedStatements, turn: FifoLock): GroupCommit {
  // Open only while someone holds the turn: a read on the writer outside the turn never sees it.
  let batch: Batch | null = null;
  const file = writerHandle.memory ? null : writerHandle.name;
  if (file) writersByFile.set(file, (writersByFile.get(file) ?? 0) + 1);
  const mayShare = () => !file || writersByFile.get(file) === 1;
  // The commit put off to the event loop's next turn (the batch keeps the turn meanwhile).
  let deferred: ReturnType<typeof setImmediate> | null = null;

  /** Starts a unit of work (holding the turn): the batch's transaction is begun if none is open. */
  function enterUnit(): void {
    try {
      if (!batch) {
        // IMMEDIATE takes the file's write lock now: another process's writer is then waited for
        // (busy_timeout) here, instead of being found at the first write of a transaction that has
        // read already (SQLITE_BUSY_SNAPSHOT, which no timeout helps).
        writer.prepare("begin immediate").run([]);
        batch = { kept: [], after: [] };
      }
      writer.prepare(`savepoint ${UNIT}`).run([]);
    } catch (error) {
      handOn();
      throw error;
    }
  }

  /** Keeps the unit's work (holding the turn); resolves once the batch that holds it is committed. */
  function keepUnit(): Promise<void> {
    writer.prepare(`release ${UNIT}`).run([]);
    const committed = new Promise<void>((resolve, reject) => batch!.kept.push({ resolve, reject }));
    handOn();
    return committed;
  }

  /**
   * Undoes the unit's work (holding the turn), and only its own; resolves once the batch it was in
   * has ended. A unit fails, often, on what another unit of the batch wrote (a unique key): its
   * caller is told when that write can be read, as it could be without the sharing.
   */
  function dropUnit(): Promise<void> {
    let ended: Promise<void> = Promise.resolve();
    try {
      if (writerHandle.inTransaction) {
        writer.prepare(`rollback to ${UNIT}`).run([]);
        writer.prepare(`release ${UNIT}`).run([]);
        const open = batch!;
        ended = new Promise((resolve) => open.kept.push({ resolve, reject: () => resolve() }));
      } else if (batch) {
        // SQLite rolled the whole transaction back (an I/O error, a full disk): the batch is lost.
        endBatch(new Error("SQLite rolled back the transaction"));
      }
    } finally {
      handOn();
    }
    return ended;
  }

  /**
   * Gives the turn to the next in line, who joins the batch while it has room; with nobody in line,
   * the batch holds the turn until the event loop's next turn and looks again (then commits).
   */
  function handOn(mayWait = true): void {
    if (batch && turn.waiting === 0 && mayWait && batch.kept.length < GROUP_COMMIT_UNITS && mayShare()) {
      deferred = setImmediate(() => {
        deferred = null;
        handOn(false);
      });
      return;
    }
    try {
      if (batch && !(turn.waiting > 0 && batch.kept.length < GROUP_COMMIT_UNITS && mayShare())) endBatch();
    } finally {
      turn.release();
    }
  }

  /** Commits the batch and answers its callers; with `failure`, or when the commit fails, rolls it back and fails them. */
  function endBatch(failure?: unknown): void {
    const { kept, after } = batch!;
    batch = null;
    let error = failure;
    if (error === undefined) {
      try {
        writer.prepare("commit").run([]);
      } catch (commitError) {
        error = commitError;
      }
    }
    if (error === undefined) {
      for (const unit of kept) unit.resolve();
      for (const run of after) setImmediate(run);
      return;
    }
    try {
      if (writerHandle.inTransaction) writer.prepare("rollback").run([]);
    } finally {
      for (const unit of kept) unit.reject(error);
    }
  }

  return {
    enterUnit,
    keepUnit,
    dropUnit,
    afterCommit(run) {
      if (batch) batch.after.push(run);
      else setImmediate(run);
    },
    endOpenBatch: () => {
      if (batch) endBatch();
    },
    close() {
      if (deferred) {
        clearImmediate(deferred);
        deferred = null;
        handOn(false);
      }
      if (file) writersByFile.set(file, writersByFile.get(file)! - 1);
    },
  };
}
