import { sql, type RawBuilder } from "kysely";

/** A LIKE pattern for "contains", lower-cased, with the wildcards escaped so "%" and "_" match themselves. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `lower(column) like pattern escape '\'`: case-insensitive "contains" in SQL that SQLite and
 * PostgreSQL both run (ILIKE and COLLATE NOCASE are each one dialect's).
 */
export function lowerLike(column: string, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
