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
 */
export interface SqliteConnections {
  /** The read-write connection (schema, pragmas, writes, transactions). */
  writer: SqliteHandle;
  /** Opens another read-only connection (for a stream, which holds its connection while it lasts); null for :memory:. */
  openReader: (() => SqliteHandle) | null;
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

/** A statement the reader may answer: a plain query, not a pragma or a write that happens to return rows. */
function isPlainRead(sql: string, statement: Statement): boolean {
  return statement.readonly && statement.reader && /^\s*(select|with)\b/i.test(sql);
}

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function sqliteConnectionsDriver({ writer: writerHandle, openReader }: SqliteConnections): Driver {
  const writer = withStatementCache(writerHandle);
  const readerHandle = openReader?.() ?? null;
  const reader: CachedStatements | null = readerHandle ? withStatementCache(readerHandle) : null;
  const turn = fifoLock();
  // The connections whose transaction holds the writer's turn. A connection is the object Kysely was
  // handed, so a transaction is known by identity, whichever wrapper its statements come through.
  const inTransaction = new WeakSet<DatabaseConnection>();

  async function outsideTransaction<T>(work: () => T): Promise<T> {
    await turn.acquire();
    try {
      return work();
    } finally {
      turn.release();
    }
  }

  function connection(): DatabaseConnection {
    const self: DatabaseConnection = {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        const { sql, parameters } = query;
        // Nobody holds the writer: it answers at once, with its page cache warm (the reader's is
        // emptied by every commit of the writer, which made a page's reads about a quarter dearer).
        if (inTransaction.has(self) || !turn.held) return run(writer.prepare(sql), parameters) as QueryResult<R>;
        if (reader) {
          const read = reader.prepare(sql);
          if (isPlainRead(sql, read)) return run(read, parameters) as QueryResult<R>;
        }
        return (await outsideTransaction(() => run(writer.prepare(sql), parameters))) as QueryResult<R>;
      },
      async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
        if (!SelectQueryNode.is(query.query)) throw new Error("Sqlite driver only supports streaming of select queries");
        const { sql, parameters } = query;
        if (inTransaction.has(self)) {
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
        const rows = await outsideTransaction(() => writer.prepare(sql).all(parameters) as R[]);
        for (const row of rows) yield { rows: [row] };
      },
    };
    return self;
  }

  async function onWriter(owner: DatabaseConnection, sql: string): Promise<void> {
    if (!inTransaction.has(owner)) throw new Error(`${sql} outside a transaction`);
    writer.prepare(sql).run([]);
  }

  return {
    async init() {},
    async acquireConnection() {
      return connection();
    },
    async beginTransaction(owner) {
      await turn.acquire();
      try {
        // IMMEDIATE takes the file's write lock now: another process's writer is then waited for
        // (busy_timeout) here, instead of being found at the first write of a transaction that has
        // read already (SQLITE_BUSY_SNAPSHOT, which no timeout helps).
        writer.prepare("begin immediate").run([]);
      } catch (error) {
        turn.release();
        throw error;
      }
      inTransaction.add(owner);
    },
    async commitTransaction(owner) {
      // A failed commit keeps the turn: Kysely rolls back next, and that gives the turn on.
      await onWriter(owner, "commit");
      inTransaction.delete(owner);
      turn.release();
    },
    async rollbackTransaction(owner) {
      if (!inTransaction.has(owner)) return;
      try {
        if (writerHandle.inTransaction) writer.prepare("rollback").run([]);
      } finally {
        inTransaction.delete(owner);
        turn.release();
      }
    },
    savepoint: (owner, name) => onWriter(owner, `savepoint ${quoted(name)}`),
    rollbackToSavepoint: (owner, name) => onWriter(owner, `rollback to ${quoted(name)}`),
    releaseSavepoint: (owner, name) => onWriter(owner, `release ${quoted(name)}`),
    async releaseConnection() {},
    async destroy() {
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
