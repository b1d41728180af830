import { sql, SqliteAdapter, type Kysely } from "kysely";

/**
 * The triggers that bump `catalogue_version` on every write to a table the cached storefront pages
 * show (migration 0012 has the why; 0018, 0029 and 0030 add tables), so no write path can forget it.
 * PostgreSQL: one constraint trigger deferred to the commit, calling 0012's bump_catalogue_version()
 * (the version row is locked last, so two checkouts that lock products and then bump cannot
 * deadlock). SQLite: one trigger per event.
 *
 * SQLite keeps a trigger's CREATE text as it was written, so the two spellings the migrations used
 * stay as they were: "quoted" (0012, 0018: the table name quoted) and "bare" (0029, 0030). A new
 * migration takes the default.
 */

type Db = Kysely<unknown>;
const EVENTS = ["insert", "update", "delete"] as const;
const sqlite = (db: Db) => db.getExecutor().adapter instanceof SqliteAdapter;

export async function bumpCatalogueVersionOn(db: Db, table: string, spelling: "quoted" | "bare" = "quoted"): Promise<void> {
  if (!sqlite(db)) {
    await sql`create constraint trigger ${sql.id(`${table}_bumps_catalogue_version`)} after insert or update or delete on ${sql.table(table)}
        deferrable initially deferred for each row execute function bump_catalogue_version()`.execute(db);
    return;
  }
  const on = spelling === "quoted" ? sql.table(table) : sql.raw(table);
  const lineBreak = sql.raw(spelling === "quoted" ? "\n        " : "\n      ");
  for (const event of EVENTS) {
    await sql`create trigger ${sql.id(`${table}_${event}_bumps_catalogue_version`)} after ${sql.raw(event)} on ${on}${lineBreak}begin update catalogue_version set version = version + 1 where id = 1; end`.execute(
      db,
    );
  }
}

export async function dropCatalogueVersionTriggers(db: Db, table: string): Promise<void> {
  if (!sqlite(db)) {
    await sql`drop trigger if exists ${sql.id(`${table}_bumps_catalogue_version`)} on ${sql.table(table)}`.execute(db);
    return;
  }
  for (const event of EVENTS) await sql`drop trigger if exists ${sql.id(`${table}_${event}_bumps_catalogue_version`)}`.execute(db);
}
