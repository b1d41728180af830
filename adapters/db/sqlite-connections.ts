import SQLite, { type Database as SqliteHandle, type Statement } from "better-sqlite3";
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from "kysely";
import { fifoLock } from "./fifo-lock.ts";
import { withStatementCache, type CachedStatements } from "./statement-cache.ts";

/**
 * The embedded SQLite database on two connections: a writer, whose transactions take turns in the
 * order they asked (a FIFO lock, not a busy loop), and a read-only reader that answers reads made
 * outside any transaction at once. Kysely's own SQLite driver puts every statement, reads included,
 * behind one mutex, so under a burst of checkouts a page's plain read waited for every transaction
 * queued before it (pages p99 over 5 s in bench:drop). In WAL mode a reader sees the last commit and
 * never waits for the writer, so this changes what waits, not what anyone reads.
 *
 * Transactions that follow each other on the writer share one commit (group commit): each runs in a
 * savepoint of one open transaction, and while others wait for their turn the next one goes on in
 * it. When nobody waits, the commit waits for the event loop's next turn, so that the requests
 * whose data arrived meanwhile join it; it comes then, or once the batch is GROUP_COMMIT_UNITS long
 * (what sharing adds to a caller's wait is bounded by that many transactions). A write outside a
 * transaction (an insert, update or delete) is such a transaction of its own. A caller is answered only after that commit, so what it was told is on disk
 * (synchronous = FULL) as before: only the cost of syncing (about 4 ms a commit on this store's
 * disks, the event loop blocked meanwhile) is shared. A transaction that fails is rolled back to its
 * savepoint and leaves the others' work alone (its failure is told once the batch has ended, so
 * that a row it clashed with can be read then); a commit that fails (an I/O error, a full disk) fails
 * every transaction of its batch, none of whose callers had been answered.
 */
export interface SqliteConnections {
  /** The read-write connection (schema, pragmas, writes, transactions). */
  writer: SqliteHandle;
  /** Opens another read-only connection (for a stream, which holds its connection while it lasts); null for :memory:. */
  openReader: (() => SqliteHandle) | null;
}

/** At most this many transactions share a commit. */
export const GROUP_COMMIT_UNITS = 64;

/** Kysely may hand out several connections at once: this driver keeps the rules of the one writer itself. */
class SqliteSharedAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

export function sqliteConnectionsDialect(connections: SqliteConnections): Dialect {
  return {
    createDriver: () => sqliteConnectionsDriver(connections),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createAdapter: () => new SqliteSharedAdapter(),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
  };
}

type Row = Record<string, unknown>;

function run(statement: Statement, parameters: readonly unknown[]): QueryResult<Row> {
  if (statement.reader) return { rows: statement.all(parameters) as Row[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { insertId: BigInt(lastInsertRowid), numAffectedRows: BigInt(changes), rows: [] };
}

/** A write outside a transaction that may share a commit: plain DML (not a pragma, DDL or VACUUM, which must run alone). */
function isGroupable(sql: string): boolean {
  return /^\s*(insert|update|delete|replace)\b/i.test(sql);
}

/** A statement the reader may answer: a plain query, not a pragma or a write that happens to return rows. */
function isPlainRead(sql: string, statement: Statement): boolean {
  return statement.readonly && statement.reader && /^\s*(select|with)\b/i.test(sql);
}

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

// Each transaction's own savepoint inside the batch's transaction (one at a time, so one name).
const UNIT = quoted("unit_of_work");

// Writers open in this process, by file. A second one on the same file (a test's second "process")
// would block the event loop in its BEGIN while this one's batch held the file's lock waiting for
// a later turn: then each transaction commits on its own, as without sharing.
const writersByFile = new Map<string, number>();

/** The open transaction that several units of work share, and the callers waiting for its commit. */
interface Batch {
  kept: { resolve: () => void; reject: (error: unknown) => void }[];
}

function sqliteConnectionsDriver({ writer: writerHandle, openReader }: SqliteConnections): Driver {
  const writer = withStatementCache(writerHandle);
  const readerHandle = openReader?.() ?? null;
  const reader: CachedStatements | null = readerHandle ? withStatementCache(readerHandle) : null;
  const turn = fifoLock();
  // The connections whose transaction holds the writer's turn. A connection is the object Kysely was
  // handed, so a transaction is known by identity, whichever wrapper its statements come through.
  const inTransaction = new WeakSet<DatabaseConnection>();
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
        batch = { kept: [] };
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
    const { kept } = batch!;
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
      return;
    }
    try {
      if (writerHandle.inTransaction) writer.prepare("rollback").run([]);
    } finally {
      for (const unit of kept) unit.reject(error);
    }
  }

  /**
   * Work on the writer outside a transaction, in the turn's order: a write as its own unit of the
   * batch, anything else (a pragma, DDL, VACUUM) alone, after the batch's commit.
   */
  async function outsideTransaction<T>(work: () => T, grouped: boolean): Promise<T> {
    await turn.acquire();
    if (!grouped) {
      try {
        if (batch) endBatch();
        return work();
      } finally {
        turn.release();
      }
    }
    enterUnit();
    let result: T;
    try {
      result = work();
    } catch (error) {
      await dropUnit();
      throw error;
    }
    await keepUnit();
    return result;
  }

  function inOwnTransaction(owner: DatabaseConnection): boolean {
    if (!inTransaction.has(owner)) return false;
    // SQLite rolled the transaction back on an error: what follows must not run as autocommits.
    if (!writerHandle.inTransaction) throw new Error("the transaction was rolled back by SQLite");
    return true;
  }

  function connection(): DatabaseConnection {
    const self: DatabaseConnection = {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        const { sql, parameters } = query;
        if (inOwnTransaction(self)) return run(writer.prepare(sql), parameters) as QueryResult<R>;
        const grouped = isGroupable(sql);
        // Nobody holds the writer: it answers at once, with its page cache warm (the reader's is
        // emptied by every commit of the writer, which made a page's reads about a quarter dearer).
        if (!turn.held && !grouped) return run(writer.prepare(sql), parameters) as QueryResult<R>;
        if (reader && !grouped) {
          const read = reader.prepare(sql);
          if (isPlainRead(sql, read)) return run(read, parameters) as QueryResult<R>;
        }
        return (await outsideTransaction(() => run(writer.prepare(sql), parameters), grouped)) as QueryResult<R>;
      },
      async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
        if (!SelectQueryNode.is(query.query)) throw new Error("Sqlite driver only supports streaming of select queries");
        const { sql, parameters } = query;
        if (inOwnTransaction(self)) {
          for (const row of writer.prepare(sql).iterate(parameters)) yield { rows: [row as R] };
          return;
        }
        if (openReader) {
          // An open iterator keeps its connection busy, so a stream outside a transaction reads on its own.
          const own = openReader();
          try {
            for (const row of own.prepare(sql).iterate(parameters)) yield { rows: [row as R] };
          } finally {
            own.close();
          }
          return;
        }
        const rows = await outsideTransaction(() => writer.prepare(sql).all(parameters) as R[], false);
        for (const row of rows) yield { rows: [row] };
      },
    };
    return self;
  }

  async function onWriter(owner: DatabaseConnection, sql: string): Promise<void> {
    if (!inOwnTransaction(owner)) throw new Error(`${sql} outside a transaction`);
    writer.prepare(sql).run([]);
  }

  return {
    async init() {},
    async acquireConnection() {
      return connection();
    },
    async beginTransaction(owner) {
      await turn.acquire();
      enterUnit();
      inTransaction.add(owner);
    },
    async commitTransaction(owner) {
      if (!inOwnTransaction(owner)) throw new Error("commit outside a transaction");
      // A failed release keeps the turn: Kysely rolls back next, and that gives the turn on.
      const committed = keepUnit();
      inTransaction.delete(owner);
      await committed;
    },
    async rollbackTransaction(owner) {
      // Not in one any more: its batch's commit failed and rolled it back already.
      if (!inTransaction.has(owner)) return;
      inTransaction.delete(owner);
      await dropUnit();
    },
    savepoint: (owner, name) => onWriter(owner, `savepoint ${quoted(name)}`),
    rollbackToSavepoint: (owner, name) => onWriter(owner, `rollback to ${quoted(name)}`),
    releaseSavepoint: (owner, name) => onWriter(owner, `release ${quoted(name)}`),
    async releaseConnection() {},
    async destroy() {
      // A commit put off to the next turn is made now: its callers are waiting for it.
      if (deferred) {
        clearImmediate(deferred);
        deferred = null;
        handOn(false);
      }
      readerHandle?.close();
      writerHandle.close();
      if (file) writersByFile.set(file, writersByFile.get(file)! - 1);
    },
  };
}

/** Opens a read-only connection to the same file with the pragmas a reader needs. */
export function readOnlyConnection(path: string): SqliteHandle {
  const reader = new SQLite(path, { readonly: true, fileMustExist: true });
  reader.pragma("busy_timeout = 5000");
  return reader;
}
