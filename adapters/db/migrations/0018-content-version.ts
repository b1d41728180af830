import { sql, SqliteAdapter, type Kysely } from "kysely";

/**
 * The content pages (/faq, /blog, /blog/{slug}) are kept by the same page cache as the catalogue
 * pages (src/server/catalogue-cache.ts), so a change to what they show must bump the same version:
 * every page shows the header's games, so one number for "what the storefront's pages show" is
 * simpler than two, and content changes are rare enough that re-rendering the catalogue pages
 * after one costs nothing worth a second number. Triggers, as in 0012, so no write path (the admin
 * panel, `content import`, a hand-run SQL statement) can forget it.
 */
export const CONTENT_TABLES = ["faqs", "blogPosts"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    // bump_catalogue_version() is 0012's; deferred to the commit for the same reason as there.
    for (const table of CONTENT_TABLES) {
      await sql`create constraint trigger ${sql.id(`${table}_bumps_catalogue_version`)} after insert or update or delete on ${sql.table(table)}
        deferrable initially deferred for each row execute function bump_catalogue_version()`.execute(db);
    }
    return;
  }
  for (const table of CONTENT_TABLES) {
    for (const event of ["insert", "update", "delete"] as const) {
      await sql`create trigger ${sql.id(`${table}_${event}_bumps_catalogue_version`)} after ${sql.raw(event)} on ${sql.table(table)}
        begin update catalogue_version set version = version + 1 where id = 1; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of CONTENT_TABLES) {
    if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
      await sql`drop trigger if exists ${sql.id(`${table}_bumps_catalogue_version`)} on ${sql.table(table)}`.execute(db);
      continue;
    }
    for (const event of ["insert", "update", "delete"]) await sql`drop trigger if exists ${sql.id(`${table}_${event}_bumps_catalogue_version`)}`.execute(db);
  }
}
