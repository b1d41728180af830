import { sql, type RawBuilder } from "kysely";
import { dialectOf } from "#adapters/db/database.ts";
import type { Database } from "#adapters/db/schema.ts";
import type { Kysely } from "kysely";

/** More words than this in a search are ignored (a search box, not a document). */
const MAX_WORDS = 8;
/** A longer word is cut; prefix matching still finds it. */
const MAX_WORD_LENGTH = 40;

/**
 * The words of a search in their order, lower-cased: runs of letters and digits, as both databases
 * cut the indexed text (FTS5's unicode61; migration 0025 makes everything else a space before
 * PostgreSQL's parser sees it). Quotes, operators, `%` and `_` only separate words, so nothing typed
 * reaches the match syntax but words.
 */
export function phraseWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS).map((w) => w.slice(0, MAX_WORD_LENGTH));
}

/** A search index of migration 0025: its name, and the column references its document is made of. */
export interface TextSearchIndex {
  name: "faq_search" | "support_conversation_search";
  /** The searched table's id column, as the query names it (`c.id`). */
  id: string;
  /** The searched columns in the index's order, as the query names them. */
  columns: readonly string[];
}

/**
 * The rows whose searched text holds the words of `text` one after the other, the last as a prefix
 * ("jane.doe@exa" finds jane.doe@example.com; "5000 points" finds the answer that says it):
 * "contains", at word boundaries, through the index. Text without a word matches nothing.
 */
export function matchesPhrase(db: Kysely<Database>, index: TextSearchIndex, text: string): RawBuilder<boolean> {
  const words = phraseWords(text);
  if (words.length === 0) return sql<boolean>`1 = 0`;
  if (dialectOf(db) === "sqlite") {
    const rows = sql.id(`${index.name}_rows`);
    return sql<boolean>`${sql.ref(index.id)} in (select r.id from ${sql.id(index.name)} s join ${rows} r on r."docId" = s.rowid where ${sql.id(index.name)} match ${`"${words.join(" ")}"*`})`;
  }
  const query = words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(" <-> ");
  const document = sql`${sql.id(`${index.name}_document`)}(${sql.join(index.columns.map((c) => sql.ref(c)))})`;
  return sql<boolean>`${document} @@ to_tsquery('simple', ${query})`;
}

/**
 * matchesPhrase's rule on a text that is no row (a FAQ answer computed from the configuration, issue
 * 47): its words hold the search's words one after the other, the last as a prefix.
 */
export function holdsPhrase(document: string, text: string): boolean {
  const words = phraseWords(text);
  if (words.length === 0) return false;
  const doc = document.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const last = words.length - 1;
  return doc.some((_, start) => words.every((word, i) => (i === last ? doc[start + i]?.startsWith(word) : doc[start + i] === word)));
}
