import { sql, SqliteAdapter, type Kysely } from "kysely";

/**
 * What the storefront's catalogue pages and catalogue API read. A change to any of these tables,
 * by whatever code path, bumps `catalogue_version` in the same transaction (a trigger, so no write
 * site can forget it), which is what lets every process keep rendered catalogue responses and
 * check them against one number per request (src/server/catalogue-cache.ts).
 */
export const CATALOGUE_TABLES = ["games", "categories", "products", "stock_holds"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("catalogue_version")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("version", "bigint", (c) => c.notNull())
    .execute();
  await db.insertInto("catalogue_version").values({ id: 1, version: 0 }).execute();
  // A prepared checkout's holds end by time, not by a write: the cache asks for the next expiry.
  await db.schema.createIndex("stock_holds_expiry").on("stock_holds").column("expiresAt").execute();

  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`create function bump_catalogue_version() returns trigger language plpgsql as $$
      begin
        update catalogue_version set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
    for (const table of CATALOGUE_TABLES) {
      // Deferred to the commit: the version row is locked last, when the transaction waits for no
      // other lock, so two checkouts that each lock products and then bump cannot deadlock.
      await sql`create constraint trigger ${sql.id(`${table}_bumps_catalogue_version`)} after insert or update or delete on ${sql.table(table)}
        deferrable initially deferred for each row execute function bump_catalogue_version()`.execute(db);
    }
    return;
  }
  for (const table of CATALOGUE_TABLES) {
    for (const event of ["insert", "update", "delete"] as const) {
      await sql`create trigger ${sql.id(`${table}_${event}_bumps_catalogue_version`)} after ${sql.raw(event)} on ${sql.table(table)}
        begin update catalogue_version set version = version + 1 where id = 1; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    for (const table of CATALOGUE_TABLES) await sql`drop trigger if exists ${sql.id(`${table}_bumps_catalogue_version`)} on ${sql.table(table)}`.execute(db);
    await sql`drop function if exists bump_catalogue_version()`.execute(db);
  } else {
    for (const table of CATALOGUE_TABLES) {
      for (const event of ["insert", "update", "delete"]) await sql`drop trigger if exists ${sql.id(`${table}_${event}_bumps_catalogue_version`)}`.execute(db);
    }
  }
  await db.schema.dropIndex("stock_holds_expiry").execute();
  await db.schema.dropTable("catalogue_version").execute();
}
