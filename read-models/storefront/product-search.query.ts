import { sql, type Kysely, type RawBuilder } from "kysely";
import { dialectOf } from "#adapters/db/database.ts";
import type { Database } from "#adapters/db/schema.ts";

/** More words than this in a search are ignored (a search box, not a document). */
const MAX_TERMS = 8;
/** A longer word is cut: no product name has one, and prefix matching still finds it. */
const MAX_TERM_LENGTH = 40;

/**
 * The words of a search, lower-cased: runs of letters and digits, as both databases' tokenizers
 * cut text (FTS5's unicode61, PostgreSQL's default parser). Everything else (quotes, operators,
 * `%`, `_`) separates words, so nothing a shopper types reaches the match syntax but words.
 */
export function searchTerms(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((w) => w.slice(0, MAX_TERM_LENGTH)))].slice(0, MAX_TERMS);
}

/** Every word, each as a prefix ("drag fr" finds "Dragon Fruit" as the shopper types). */
function ftsQuery(terms: readonly string[]): string {
  return terms.map((t) => `"${t}"*`).join(" AND ");
}

function tsQuery(terms: readonly string[]): string {
  return terms.map((t) => `${t}:*`).join(" & ");
}

/**
 * The ids of the products whose name, category or game name has every word of `text` as a word
 * prefix, best first: the name weighs most (FTS5's bm25 with column weights, PostgreSQL's ts_rank
 * over weighted parts), then the catalogue's order. On PostgreSQL with pg_trgm, when the words find
 * nothing, names with a word close to each word of the text (a typo: "krakn") are answered instead.
 * Read from migration 0026's index, never from the products' text.
 */
export async function rankedProductIds(db: Kysely<Database>, text: string, limit: number): Promise<string[]> {
  const terms = searchTerms(text);
  if (terms.length === 0) return [];
  // The best-ranked candidates first, inside the index, then only those joined and ordered: joining
  // every match before sorting cost 23 ms for "dragon" among 20,000 products (6 ms this way).
  // Equal scores beyond the candidates may be left out; a better-ranked product never is.
  const candidateCount = Math.max(64, limit * 8);
  if (dialectOf(db) === "sqlite") {
    const { rows } = await sql<{ id: string }>`
      select r."productId" as id
      from (
        select rowid as doc, bm25(product_search, 10.0, 4.0, 2.0) as score from product_search
        where product_search match ${ftsQuery(terms)} order by score limit ${candidateCount}
      ) candidates
      join product_search_rows r on r."docId" = candidates.doc
      join products p on p.id = r."productId"
      join games g on g.id = p."gameId"
      order by candidates.score, g."displayOrder", p."displayOrder", p.id
      limit ${limit}`.execute(db);
    return rows.map((r) => r.id);
  }
  const { rows } = await sql<{ id: string }>`
    select candidates.id
    from (
      select s."productId" as id, ts_rank(s.document, to_tsquery('simple', ${tsQuery(terms)})) as score from product_search s
      where s.document @@ to_tsquery('simple', ${tsQuery(terms)}) order by score desc limit ${candidateCount}
    ) candidates
    join products p on p.id = candidates.id
    join games g on g.id = p."gameId"
    order by candidates.score desc, g."displayOrder", p."displayOrder", p.id
    limit ${limit}`.execute(db);
  const ids = rows.map((r) => r.id);
  if (ids.length > 0 || !(await hasTrigrams(db))) return ids;
  // Nothing has every word: a typo ("krakn")? Each word close to a word of the name (pg_trgm's
  // word similarity, the GIN trigram index of 0026), the closest first.
  const near = await sql<{ id: string }>`
    select p.id from products p
    where ${sql.join(
      terms.map((t) => sql`${t} <% lower(p.name)`),
      sql` and `,
    )}
    order by ${sql.join(
      terms.map((t) => sql`word_similarity(${t}, lower(p.name))`),
      sql` + `,
    )} desc, p.id
    limit ${limit}`.execute(db);
  return near.rows.map((r) => r.id);
}

/**
 * `p.id in (...)`: the products (aliased `p`) matching every word of `text`, for a list that sorts
 * by its own order (the admin panel's products). Blank text matches nothing.
 */
export function matchesSearch(db: Kysely<Database>, text: string): RawBuilder<boolean> {
  const terms = searchTerms(text);
  if (terms.length === 0) return sql<boolean>`1 = 0`;
  if (dialectOf(db) === "sqlite") {
    return sql<boolean>`"p"."id" in (select r."productId" from product_search s join product_search_rows r on r."docId" = s.rowid where product_search match ${ftsQuery(terms)})`;
  }
  return sql<boolean>`"p"."id" in (select s."productId" from product_search s where s.document @@ to_tsquery('simple', ${tsQuery(terms)}))`;
}

/**
 * The same test as matchesSearch, made row by row for a list that walks its own index in order
 * (the admin panel's products when a search finds many): on SQLite, the product's FTS row looked up
 * and tested against the matches' rowids, which the database reads once, ids only, from the index.
 * Written so that the planner cannot start from the matches and sort them all (`p.id in (...)`
 * lets it), which costs what every match costs instead of what one page shows. PostgreSQL's planner
 * weighs the two ways by its statistics of the text itself: there it is matchesSearch.
 */
export function matchesSearchRowByRow(db: Kysely<Database>, text: string): RawBuilder<boolean> {
  const terms = searchTerms(text);
  if (terms.length === 0 || dialectOf(db) !== "sqlite") return matchesSearch(db, text);
  return sql<boolean>`(select r."docId" from product_search_rows r where r."productId" = "p"."id") in (select rowid from product_search where product_search match ${ftsQuery(terms)})`;
}

/**
 * How many products have every word of `text` as a word prefix, counted in the index alone (it holds
 * one document per product, written by 0026's triggers): no lookup of each match's product. Blank
 * text matches nothing.
 */
export async function countSearchMatches(db: Kysely<Database>, text: string): Promise<number> {
  const terms = searchTerms(text);
  if (terms.length === 0) return 0;
  const { rows } =
    dialectOf(db) === "sqlite"
      ? await sql<{ n: number }>`select count(*) as n from product_search where product_search match ${ftsQuery(terms)}`.execute(db)
      : await sql<{ n: number }>`select count(*)::int as n from product_search s where s.document @@ to_tsquery('simple', ${tsQuery(terms)})`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Whether pg_trgm is installed (migration 0026 creates it where allowed); asked once per database handle. */
const trigramsOf = new WeakMap<object, Promise<boolean>>();
function hasTrigrams(db: Kysely<Database>): Promise<boolean> {
  let known = trigramsOf.get(db);
  if (!known) {
    known = sql<{ n: number }>`select count(*)::int as n from pg_indexes where indexname = 'product_search_name_trgm'`
      .execute(db)
      .then((r) => Number(r.rows[0]?.n ?? 0) > 0)
      .catch(() => false);
    trigramsOf.set(db, known);
  }
  return known;
}
