import type { Kysely } from "kysely";
import { bumpCatalogueVersionOn, dropCatalogueVersionTriggers } from "../catalogue-version-triggers.ts";

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
  // bump_catalogue_version() is 0012's; deferred to the commit for the same reason as there.
  for (const table of CONTENT_TABLES) await bumpCatalogueVersionOn(db, table);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of CONTENT_TABLES) await dropCatalogueVersionTriggers(db, table);
}
