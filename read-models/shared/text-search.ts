import { sql, type RawBuilder } from "kysely";

/**
 * `lower(column)` starts with `text`, case-insensitively, as a range on that expression, so the
 * lowered index of migration 0027 answers it (LIKE 'x%' is not index-served on an expression in
 * SQLite, nor outside the "C" collation in PostgreSQL). Exact values are prefixes of themselves;
 * `%` and `_` are plain characters here. The range ends at the text followed by U+10FFFF, past every
 * character in code point order (byte order in SQLite, the "C" collation in PostgreSQL).
 *
 * The bounds are bound as values the planner can see. On SQLite they are lowered here the way its
 * lower() lowers (ASCII letters only): SQLite's statistics (STAT4) then estimate how many rows the
 * range holds for this very text, so "shopper4242@" reads the prefix indexes (0.2 ms on 500,000
 * orders) while "s", which matches nearly every order, walks the newest-first index until a page is
 * full (0.1 ms); the same bounds as lower(?) hid the value and the planner walked for both (1.1 s
 * for the email). PostgreSQL folds lower($1) with the value in its custom plans.
 */
export function lowerPrefix(dialect: "sqlite" | "postgres", column: string, text: string, { longerOnly = false } = {}): RawBuilder<boolean> {
  // longerOnly: values that start with the text and are longer (lowerEquals is the rest).
  const from = longerOnly ? sql.raw(">") : sql.raw(">=");
  if (dialect === "sqlite") {
    const lowered = sql`lower(${sql.ref(column)})`;
    return sql<boolean>`(${lowered} ${from} ${sqliteLower(text)} and ${lowered} < ${sqliteLower(text) + LAST_CHARACTER})`;
  }
  const lowered = sql`(lower(${sql.ref(column)}) collate "C")`;
  return sql<boolean>`(${lowered} ${from} lower(${text}) and ${lowered} < (lower(${text}) || chr(1114111)))`;
}

/** `lower(column)` is the text, case-insensitively, as lowerPrefix lowers it: an equality on the lowered index. */
export function lowerEquals(dialect: "sqlite" | "postgres", column: string, text: string): RawBuilder<boolean> {
  if (dialect === "sqlite") return sql<boolean>`(lower(${sql.ref(column)}) = ${sqliteLower(text)})`;
  return sql<boolean>`((lower(${sql.ref(column)}) collate "C") = lower(${text}))`;
}

/** SQLite's lower(): ASCII letters only. */
const sqliteLower = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

/** Past every character in code point order. */
const LAST_CHARACTER = "\u{10FFFF}";
