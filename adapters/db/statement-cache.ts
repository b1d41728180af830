import type { Database as SqliteHandle, Statement } from "better-sqlite3";

/** A connection's prepare, with its recent statements kept. */
export interface CachedStatements {
  prepare(sql: string): Statement;
}

/**
 * A better-sqlite3 connection with the most recently used prepared statements kept: the driver
 * prepares every query it runs, and parsing and planning the SQL again costs more than running it.
 * A statement is reused only when no iterator is open on it (`busy`); SQLite re-prepares a cached
 * statement by itself when the schema changes.
 */
export function withStatementCache(sqlite: SqliteHandle, size = 500): CachedStatements {
  const statements = new Map<string, Statement>();
  return {
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        statements.delete(sql); // most recently used goes last
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}
