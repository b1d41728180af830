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

/**
 * `lower(column)` starts with `text`, case-insensitively, as a range on that expression, so the
 * lowered index of migration 0027 answers it (LIKE 'x%' is not index-served on an expression in
 * SQLite, nor outside the "C" collation in PostgreSQL). Exact values are prefixes of themselves;
 * `%` and `_` are plain characters here. The text is lowered by the database's own lower() (SQLite's
 * lowers ASCII only), so both sides of the comparison are lowered alike. The range ends at the text
 * followed by U+10FFFF, past every character in code point order (byte order in SQLite, the "C"
 * collation in PostgreSQL).
 */
export function lowerPrefix(dialect: "sqlite" | "postgres", column: string, text: string): RawBuilder<boolean> {
  if (dialect === "sqlite") {
    const lowered = sql`lower(${sql.ref(column)})`;
    return sql<boolean>`(${lowered} >= lower(${text}) and ${lowered} < (lower(${text}) || char(1114111)))`;
  }
  const lowered = sql`(lower(${sql.ref(column)}) collate "C")`;
  return sql<boolean>`(${lowered} >= lower(${text}) and ${lowered} < (lower(${text}) || chr(1114111)))`;
}
