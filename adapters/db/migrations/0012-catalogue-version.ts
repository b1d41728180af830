import { sql, SqliteAdapter, type Kysely } from "kysely";
import { bumpCatalogueVersionOn, dropCatalogueVersionTriggers } from "../catalogue-version-triggers.ts";
import { bigint, createIndexes, createTable, primaryKey } from "../migration-kit.ts";

/**
 * What the storefront's catalogue pages and catalogue API read. A change to any of these tables,
 * by whatever code path, bumps `catalogue_version` in the same transaction (a trigger, so no write
 * site can forget it), which is what lets every process keep rendered catalogue responses and
 * check them against one number per request (src/server/catalogue-cache.ts).
 */
export const CATALOGUE_TABLES = ["games", "categories", "products", "stock_holds"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, "catalogue_version", { columns: { id: primaryKey("integer", { check: sql`id = 1` }), version: bigint() } });
  await db.insertInto("catalogue_version").values({ id: 1, version: 0 }).execute();
  // A prepared checkout's holds end by time, not by a write: the cache asks for the next expiry.
  await createIndexes(db, "stock_holds", { stock_holds_expiry: ["expiresAt"] });

  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`create function bump_catalogue_version() returns trigger language plpgsql as $$
      begin
        update catalogue_version set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
  }
  // On PostgreSQL deferred to the commit: see catalogue-version-triggers.ts.
  for (const table of CATALOGUE_TABLES) await bumpCatalogueVersionOn(db, table);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of CATALOGUE_TABLES) await dropCatalogueVersionTriggers(db, table);
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) await sql`drop function if exists bump_catalogue_version()`.execute(db);
  await db.schema.dropIndex("stock_holds_expiry").execute();
  await db.schema.dropTable("catalogue_version").execute();
}
