import SQLite from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { Kysely, SqliteDialect } from "kysely";
import { Migrator } from "kysely/migration";
import { migrationProvider } from "./migrations/index.ts";
import type { Database } from "./schema.ts";

export type Db = Kysely<Database>;

/** Turns `file:./data/shop.db` (or a bare path) into a file path; `:memory:` stays as it is. */
export function sqlitePath(databaseUrl: string): string {
  return databaseUrl.startsWith("file:") ? databaseUrl.slice("file:".length) : databaseUrl;
}

/**
 * Opens the embedded SQLite database: WAL so readers never wait for the writer, foreign keys on,
 * and a busy timeout so concurrent writers queue instead of failing with SQLITE_BUSY.
 */
export function openSqlite(databaseUrl: string): Db {
  const path = sqlitePath(databaseUrl);
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** Opens the database named by DATABASE_URL. */
export function openDatabase(databaseUrl: string): Db {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error("DATABASE_URL: PostgreSQL is not supported yet; use a file: URL");
  }
  return openSqlite(databaseUrl);
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
