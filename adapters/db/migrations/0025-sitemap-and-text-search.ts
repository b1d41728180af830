import { sql, type Kysely } from "kysely";

/**
 * Issue 33's last indexes. The sitemap's chunk of games (read-models/storefront/sitemap.queries.ts)
 * reads the games in their display order through an index, a page at a time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index games_display_order on games ("displayOrder", slug)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists games_display_order`.execute(db);
}
