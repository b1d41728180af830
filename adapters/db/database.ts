import SQLite from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { Kysely, PostgresDialect, SqliteAdapter, type Transaction } from "kysely";
import { Migrator } from "kysely/migration";
import { migrationProvider } from "./migrations/index.ts";
import type { Database } from "./schema.ts";
import { readOnlyConnection, sqliteConnectionsDialect } from "./sqlite-connections.ts";

export type Db = Kysely<Database>;
/**
 * A database handle inside a transaction: what a function takes when it must run in its caller's
 * transaction (repositories built per unit of work, locks, the mail outbox, counters that commit
 * with the change). Functions that open their own transaction, or also serve plain reads, take a Db.
 */
export type Tx = Transaction<Database>;
export type Dialect = "sqlite" | "postgres";

/**
 * The PostgreSQL driver, loaded the first time a PostgreSQL database is opened: a store on the
 * embedded SQLite file never needs it (about 5 MB of a server's memory). pg is CommonJS, so it loads
 * synchronously and openDatabase stays synchronous.
 */
function loadPg(): typeof import("pg").default {
  const pg = createRequire(import.meta.url)("pg") as typeof import("pg").default;
  // COUNT(*) and bigserial ids are int8, which pg hands back as strings by default. Every such value
  // in this store (counts, event positions, cents) fits a JS number exactly, so read them as numbers
  // on both databases alike.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  return pg;
}

export function isPostgresUrl(databaseUrl: string): boolean {
  return /^postgres(ql)?:\/\//.test(databaseUrl);
}

/** Which SQL dialect a Kysely instance speaks (adapters branch on it for upserts, search, buckets). */
export function dialectOf(db: { getExecutor(): { readonly adapter: unknown } }): Dialect {
  return db.getExecutor().adapter instanceof SqliteAdapter ? "sqlite" : "postgres";
}

/** Turns `file:./data/shop.db` (or a bare path) into a file path; `:memory:` stays as it is. */
export function sqlitePath(databaseUrl: string): string {
  return databaseUrl.startsWith("file:") ? databaseUrl.slice("file:".length) : databaseUrl;
}

/**
 * Opens the embedded SQLite database: WAL so readers never wait for the writer, foreign keys on,
 * and a busy timeout so another process's writer is waited for instead of failing with SQLITE_BUSY.
 * This process writes on one connection in turn and reads outside transactions on a second,
 * read-only one (sqlite-connections.ts); `:memory:` has one connection, so there reads take turns too.
 */
export function openSqlite(databaseUrl: string): Db {
  // A PostgreSQL URL read as a path would quietly create a directory named "postgres:" here.
  if (isPostgresUrl(databaseUrl)) throw new Error("openSqlite was given a PostgreSQL URL: use openDatabase");
  const path = sqlitePath(databaseUrl);
  const inMemory = path === ":memory:";
  if (!inMemory) mkdirSync(dirname(path), { recursive: true });
  const writer = new SQLite(path);
  writer.pragma("journal_mode = WAL");
  writer.pragma("foreign_keys = ON");
  writer.pragma("busy_timeout = 5000");
  // FULL: every commit is on disk before it returns, so a power loss cannot take back an order the
  // shopper was told about (NORMAL in WAL mode may lose the last commits). Measured cost on the
  // checkout path in docs/security.md; page views share one commit per batch, so they barely pay it.
  writer.pragma("synchronous = FULL");
  const openReader = inMemory ? null : () => readOnlyConnection(path);
  const hooks: CommitHooks = { afterCommit: (run) => void setImmediate(run) };
  const onCommits = (afterCommit: CommitHooks["afterCommit"]) => void (hooks.afterCommit = afterCommit);
  const db = new Kysely<Database>({ dialect: sqliteConnectionsDialect({ writer, openReader, onCommits }) });
  commitHooks.set(db, hooks);
  return db;
}

interface CommitHooks {
  afterCommit: (run: () => void) => void;
}

// Each SQLite handle's commit hook (its driver shares commits between transactions).
const commitHooks = new WeakMap<Db, CommitHooks>();

/**
 * Runs `run` once what this process has written to a SQLite database so far is committed (its
 * transactions share commits: sqlite-connections.ts); on the next turn of the event loop for any
 * other handle.
 */
export function afterCommit(db: Db, run: () => void): void {
  const hooks = commitHooks.get(db);
  if (hooks) hooks.afterCommit(run);
  else setImmediate(run);
}

/** Opens PostgreSQL, the scale-out database: a pool shared by this process's requests. */
export function openPostgres(databaseUrl: string, poolSize = 10): Db {
  const pool = new (loadPg().Pool)({ connectionString: databaseUrl, max: poolSize });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}

// Each PostgreSQL database handle's pool, for the metrics (Kysely does not expose it).
const pools = new WeakMap<Db, import("pg").Pool>();

/** How the connection pool of a PostgreSQL handle is used now; null for SQLite (no pool). */
export function poolUse(db: Db): { size: number; total: number; idle: number; waiting: number } | null {
  const pool = pools.get(db);
  return pool ? { size: pool.options.max ?? 10, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

/** Opens the database named by DATABASE_URL. */
export function openDatabase(databaseUrl: string): Db {
  return isPostgresUrl(databaseUrl) ? openPostgres(databaseUrl) : openSqlite(databaseUrl);
}

/** Applies every migration not yet applied; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // Migrations are numbered per issue and land in parallel branches, so an installation may have
  // applied 0005 before 0002 arrives; each migration touches only its own tables, so order between
  // them does not matter and a late lower number is applied instead of refused.
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${failed?.migrationName ?? "?"} failed: ${cause}`);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
