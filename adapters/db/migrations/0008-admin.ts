import { sql, type Kysely } from "kysely";

// Catalogue management (admin panel): a category name is unique within its game whatever its case,
// so "Pets" and "pets" never become two chips. The domain checks this first; the index settles a
// race between two administrators. Expression indexes on lower() work on SQLite and PostgreSQL.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unique index "categories_game_lower_name_unique" on "categories" ("gameId", lower("name"))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index "categories_game_lower_name_unique"`.execute(db);
}
