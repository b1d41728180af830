import { sql, SqliteAdapter, type Kysely } from "kysely";

/**
 * Issue 33's last indexes.
 *
 * The sitemap's chunk of games (read-models/storefront/sitemap.queries.ts) reads the games in their
 * display order through `games_display_order`, a page at a time.
 *
 * The FAQ search (question, answer) and the admin's support-conversation search (email, order id,
 * conversation id) matched `lower(..) LIKE '%x%'`, a scan of every row. They become indexes the
 * database keeps, like the product search of 0026 (read-models/shared/full-text.ts reads them), so a
 * row written by any path is found:
 * - SQLite: an FTS5 table per search (unicode61 tokens without diacritics, prefix indexes) with a
 *   `<name>_rows` table mapping each row's id to its FTS row (a rowid may be renumbered by VACUUM,
 *   so it is not borrowed), both written by triggers on the searched columns.
 * - PostgreSQL: a GIN index on an immutable function of the searched columns, a 'simple' tsvector of
 *   the text with everything but letters and digits made a space, so both databases cut words the
 *   same way (PostgreSQL's parser would otherwise keep an email address as one word). No trigger:
 *   the index follows the row.
 */
export const TEXT_SEARCH_INDEXES = [
  { name: "faq_search", table: "faqs", columns: ["question", "answer"] },
  { name: "support_conversation_search", table: "support_conversations", columns: ["email", "orderId", "id"] },
] as const;

/** The tables of the SQLite search indexes: written by triggers only, never copied by migrate-data. */
export const TEXT_SEARCH_TABLES = TEXT_SEARCH_INDEXES.flatMap(({ name }) => [name, `${name}_rows`]);

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index games_display_order on games ("displayOrder", slug)`.execute(db);
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const index of TEXT_SEARCH_INDEXES) {
    if (sqlite) await upSqlite(db, index.name, index.table, index.columns);
    else await upPostgres(db, index.name, index.table, index.columns);
  }
}

async function upSqlite(db: Kysely<any>, name: string, table: string, columns: readonly string[]): Promise<void> {
  const rows = `${name}_rows`;
  // FTS columns are numbered c0, c1, ...: the source's names ("id") would clash with FTS5's own.
  const ftsColumns = columns.map((_, i) => `c${i}`);
  await sql`create virtual table ${sql.id(name)} using fts5(${sql.raw(ftsColumns.join(", "))}, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3')`.execute(
    db,
  );
  await sql`create table ${sql.id(rows)} (id text primary key, "docId" integer not null unique)`.execute(db);
  const values = (row: string) => sql.join(columns.map((c) => sql`coalesce(${sql.raw(row)}.${sql.id(c)}, '')`));
  const insertDocument = sql`
    insert into ${sql.id(name)} (${sql.raw(ftsColumns.join(", "))}) values (${values("new")});
    insert into ${sql.id(rows)} (id, "docId") values (new.id, last_insert_rowid());`;
  const deleteDocument = sql`
    delete from ${sql.id(name)} where rowid = (select "docId" from ${sql.id(rows)} where id = old.id);
    delete from ${sql.id(rows)} where id = old.id;`;
  const searched = sql.join([...new Set(["id", ...columns])].map((c) => sql.id(c)));
  await sql`create trigger ${sql.id(`${name}_insert`)} after insert on ${sql.table(table)} begin ${insertDocument} end`.execute(db);
  await sql`create trigger ${sql.id(`${name}_delete`)} after delete on ${sql.table(table)} begin ${deleteDocument} end`.execute(db);
  // Only the searched columns: a conversation's activity time changes with every message.
  await sql`create trigger ${sql.id(`${name}_update`)} after update of ${searched} on ${sql.table(table)}
    begin ${deleteDocument} ${insertDocument} end`.execute(db);
  await sql`insert into ${sql.id(name)} (rowid, ${sql.raw(ftsColumns.join(", "))})
    select row_number() over (order by id), ${values(table)} from ${sql.table(table)}`.execute(db);
  await sql`insert into ${sql.id(rows)} (id, "docId") select id, row_number() over (order by id) from ${sql.table(table)}`.execute(db);
}

async function upPostgres(db: Kysely<any>, name: string, table: string, columns: readonly string[]): Promise<void> {
  const args = columns.map((_, i) => `c${i} text`).join(", ");
  const text = columns.map((_, i) => `coalesce(c${i}, '')`).join(` || ' ' || `);
  await sql`create function ${sql.id(`${name}_document`)}(${sql.raw(args)}) returns tsvector language sql immutable as $$
    select to_tsvector('simple', regexp_replace(${sql.raw(text)}, '[^[:alnum:]]+', ' ', 'g'))
  $$`.execute(db);
  await sql`create index ${sql.id(name)} on ${sql.table(table)} using gin (${sql.id(`${name}_document`)}(${sql.join(columns.map((c) => sql.id(c)))}))`.execute(
    db,
  );
  await sql`analyze ${sql.table(table)}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const { name, columns } of TEXT_SEARCH_INDEXES) {
    if (sqlite) {
      for (const suffix of ["insert", "delete", "update"]) await sql`drop trigger if exists ${sql.id(`${name}_${suffix}`)}`.execute(db);
      await sql`drop table if exists ${sql.id(`${name}_rows`)}`.execute(db);
      await sql`drop table if exists ${sql.id(name)}`.execute(db);
    } else {
      await sql`drop index if exists ${sql.id(name)}`.execute(db);
      await sql`drop function if exists ${sql.id(`${name}_document`)}(${sql.raw(columns.map(() => "text").join(", "))})`.execute(db);
    }
  }
  await sql`drop index if exists games_display_order`.execute(db);
}
