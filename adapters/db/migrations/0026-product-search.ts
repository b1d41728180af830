import { sql, SqliteAdapter, type Kysely } from "kysely";

/**
 * Product search as an index the database keeps (issue 33): the storefront's search and the admin
 * panel's product filter matched `lower(..) LIKE '%x%'` on three columns of every product. Now each
 * product has a search document (its name, category and game name) in `product_search`, written by
 * triggers on products and games, so a row written by any path (the admin, migrate-data, a bulk
 * import, plain SQL) is found. The queries are in read-models/storefront/product-search.query.ts.
 *
 * SQLite: an FTS5 table (unicode61 tokens without diacritics, prefix indexes of 1 to 3 characters
 * for "as the shopper types"), with `product_search_rows` mapping each product id to its FTS row:
 * FTS5 finds rows by rowid only, and products' own rowid may be renumbered by VACUUM (INTO), so the
 * mapping is kept by the same triggers instead of borrowed from products.
 * PostgreSQL: a tsvector per product ('simple' configuration: no stemming, product names are
 * names) with a GIN index, weighted name A, category B, game C for ts_rank; and, where the
 * pg_trgm extension can be created, a trigram index on the lowered name for near misses (typos).
 */
/**
 * The search index's tables (on PostgreSQL only the first). Written only by triggers on products and
 * games, which bump catalogue_version (0012), so a cached search answer cannot outlive them.
 */
export const SEARCH_INDEX_TABLES = ["product_search", "product_search_rows"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) await upSqlite(db);
  else await upPostgres(db);
}

async function upSqlite(db: Kysely<any>): Promise<void> {
  await sql`create virtual table product_search using fts5(name, category, game, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3')`.execute(db);
  await sql`create table product_search_rows ("productId" text primary key, "docId" integer not null unique)`.execute(db);
  // The FTS row of a product: inserted, then its rowid (last_insert_rowid(), inside the trigger)
  // recorded against the product's id.
  const insertDocument = (row: "new") => sql`
    insert into product_search (name, category, game)
      values (${sql.raw(row)}.name, ${sql.raw(row)}.category, coalesce((select g.name from games g where g.id = ${sql.raw(row)}."gameId"), ''));
    insert into product_search_rows ("productId", "docId") values (${sql.raw(row)}.id, last_insert_rowid());`;
  const deleteDocument = sql`
    delete from product_search where rowid = (select "docId" from product_search_rows where "productId" = old.id);
    delete from product_search_rows where "productId" = old.id;`;
  await sql`create trigger product_search_insert after insert on products begin ${insertDocument("new")} end`.execute(db);
  await sql`create trigger product_search_delete after delete on products begin ${deleteDocument} end`.execute(db);
  // Only the searched columns: stock changes on every sale and must not rewrite the index.
  await sql`create trigger product_search_update after update of id, name, category, "gameId" on products
    begin ${deleteDocument} ${insertDocument("new")} end`.execute(db);
  await sql`create trigger product_search_game_rename after update of name on games begin
    update product_search set game = new.name
      where rowid in (select r."docId" from products p join product_search_rows r on r."productId" = p.id where p."gameId" = new.id);
  end`.execute(db);
  // The products already there, numbered in one statement each.
  await sql`insert into product_search (rowid, name, category, game)
    select row_number() over (order by p.id), p.name, p.category, coalesce(g.name, '') from products p left join games g on g.id = p."gameId"`.execute(db);
  await sql`insert into product_search_rows ("productId", "docId") select p.id, row_number() over (order by p.id) from products p`.execute(db);
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  await sql`create table product_search (
    "productId" text primary key references products (id) on delete cascade,
    document tsvector not null
  )`.execute(db);
  await sql`create index product_search_document on product_search using gin (document)`.execute(db);
  await sql`create function product_search_document(name text, category text, game text) returns tsvector language sql immutable as $$
    select setweight(to_tsvector('simple', coalesce(name, '')), 'A')
        || setweight(to_tsvector('simple', coalesce(category, '')), 'B')
        || setweight(to_tsvector('simple', coalesce(game, '')), 'C')
  $$`.execute(db);
  await sql`create function product_search_write() returns trigger language plpgsql as $$
    begin
      insert into product_search ("productId", document)
        values (new.id, product_search_document(new.name, new.category, (select g.name from games g where g.id = new."gameId")))
        on conflict ("productId") do update set document = excluded.document;
      return null;
    end $$`.execute(db);
  // Only the searched columns: stock changes on every sale and must not rewrite the index.
  await sql`create trigger product_search_write after insert or update of name, category, "gameId" on products
    for each row execute function product_search_write()`.execute(db);
  await sql`create function product_search_game_rename() returns trigger language plpgsql as $$
    begin
      update product_search s set document = product_search_document(p.name, p.category, new.name)
        from products p where p.id = s."productId" and p."gameId" = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger product_search_game_rename after update of name on games
    for each row execute function product_search_game_rename()`.execute(db);
  await sql`insert into product_search ("productId", document)
    select p.id, product_search_document(p.name, p.category, g.name) from products p left join games g on g.id = p."gameId"`.execute(db);
  await createTrigramIndex(db);
}

/**
 * pg_trgm ships with PostgreSQL's contrib package, but creating an extension needs a privilege a
 * hosted database may not grant: tried in a savepoint, so without it the migration still succeeds
 * and the search simply has no typo fallback (it asks pg_extension before using it).
 */
async function createTrigramIndex(db: Kysely<any>): Promise<void> {
  const available = await sql<{ n: number }>`select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (Number(available.rows[0]?.n ?? 0) === 0) return;
  await sql`savepoint product_search_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index product_search_name_trgm on products using gin (lower(name) gin_trgm_ops)`.execute(db);
    await sql`release savepoint product_search_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint product_search_trgm`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const trigger of ["product_search_insert", "product_search_delete", "product_search_update", "product_search_game_rename"]) {
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    }
    await sql`drop table if exists product_search_rows`.execute(db);
    await sql`drop table if exists product_search`.execute(db);
    return;
  }
  await sql`drop index if exists product_search_name_trgm`.execute(db);
  await sql`drop trigger if exists product_search_game_rename on games`.execute(db);
  await sql`drop trigger if exists product_search_write on products`.execute(db);
  await sql`drop function if exists product_search_game_rename()`.execute(db);
  await sql`drop function if exists product_search_write()`.execute(db);
  await sql`drop table if exists product_search`.execute(db);
  await sql`drop function if exists product_search_document(text, text, text)`.execute(db);
}
