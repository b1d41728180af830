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
import { groupCommit } from "./group-commit.ts";
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
  /** Given the driver's `afterCommit` once Kysely has made the driver (database.ts hands it on). */
  onCommits?: (afterCommit: (run: () => void) => void) => void;
}

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

function sqliteConnectionsDriver({ writer: writerHandle, openReader, onCommits }: SqliteConnections): Driver {
  const writer = withStatementCache(writerHandle);
  const readerHandle = openReader?.() ?? null;
  const reader: CachedStatements | null = readerHandle ? withStatementCache(readerHandle) : null;
  const turn = fifoLock();
  // The connections whose transaction holds the writer's turn. A connection is the object Kysely was
  // handed, so a transaction is known by identity, whichever wrapper its statements come through.
  const inTransaction = new WeakSet<DatabaseConnection>();
  const commits = groupCommit(writerHandle, writer, turn);
  onCommits?.(commits.afterCommit);

  /**
   * Work on the writer outside a transaction, in the turn's order: a write as its own unit of the
   * batch, anything else (a pragma, DDL, VACUUM) alone, after the batch's commit.
   */
  async function outsideTransaction<T>(work: () => T, grouped: boolean): Promise<T> {
    await turn.acquire();
    if (!grouped) {
      try {
        commits.endOpenBatch();
        return work();
      } finally {
        turn.release();
      }
    }
    commits.enterUnit();
    let result: T;
    try {
      result = work();
    } catch (error) {
      await commits.dropUnit();
      throw error;
    }
    await commits.keepUnit();
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
      commits.enterUnit();
      inTransaction.add(owner);
    },
    async commitTransaction(owner) {
      if (!inOwnTransaction(owner)) throw new Error("commit outside a transaction");
      // A failed release keeps the turn: Kysely rolls back next, and that gives the turn on.
      const committed = commits.keepUnit();
      inTransaction.delete(owner);
      await committed;
    },
    async rollbackTransaction(owner) {
      // Not in one any more: its batch's commit failed and rolled it back already.
      if (!inTransaction.has(owner)) return;
      inTransaction.delete(owner);
      await commits.dropUnit();
    },
    savepoint: (owner, name) => onWriter(owner, `savepoint ${quoted(name)}`),
    rollbackToSavepoint: (owner, name) => onWriter(owner, `rollback to ${quoted(name)}`),
    releaseSavepoint: (owner, name) => onWriter(owner, `release ${quoted(name)}`),
    async releaseConnection() {},
    async destroy() {
      commits.close();
      readerHandle?.close();
      writerHandle.close();
    },
  };
}

/** Opens a read-only connection to the same file with the pragmas a reader needs. */
export function readOnlyConnection(path: string): SqliteHandle {
  const reader = new SQLite(path, { readonly: true, fileMustExist: true });
  reader.pragma("busy_timeout = 5000");
  return reader;
}
