import { migrateToLatest } from "../../adapters/db/database.ts";
import { createCatalogUnitOfWork } from "../../adapters/repositories/catalog.unit-of-work.ts";
import { createContentUnitOfWork } from "../../adapters/repositories/content.unit-of-work.ts";
import { seedCatalog, type SeedResult } from "../../domain/catalog/seed-catalog.ts";
import { seedContent, type ContentSeedResult } from "../../domain/content/seed-content.ts";
import { DEMO_CATALOG } from "../../scripts/demo/catalog.ts";
import { DEMO_FAQS, DEMO_POSTS } from "../../scripts/demo/content.ts";
import type { App } from "./app.ts";

/** Adds the demo catalogue's missing games (idempotent; see seedCatalog). */
export function seedDemoCatalog(app: App): Promise<SeedResult> {
  return seedCatalog(DEMO_CATALOG, { unitOfWork: createCatalogUnitOfWork(app.db, app.clock), ids: app.ids });
}

/** Adds the demo FAQs and blog posts that are missing (idempotent; see seedContent). */
export function seedDemoContent(app: App): Promise<ContentSeedResult> {
  return seedContent(
    { faqs: DEMO_FAQS, posts: DEMO_POSTS },
    { unitOfWork: createContentUnitOfWork(app.db), sanitizer: app.htmlSanitizer, ids: app.ids },
  );
}

async function rowCount(app: App, table: "games" | "faqs" | "blogPosts"): Promise<number> {
  const { count } = await app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * What `npm start` does before serving: bring the schema up to date and, when the store has no
 * games at all (a new installation), seed the demo catalogue; likewise the demo content when there
 * are neither FAQs nor blog posts (a new installation, or one that predates the content tables).
 * A store whose editors deleted some games or posts is not re-seeded.
 */
export async function prepareDatabase(
  app: App,
): Promise<{ migrations: string[]; seeded: SeedResult | null; contentSeeded: ContentSeedResult | null }> {
  const migrations = await migrateToLatest(app.db);
  const seeded = (await rowCount(app, "games")) === 0 ? await seedDemoCatalog(app) : null;
  const contentEmpty = (await rowCount(app, "faqs")) === 0 && (await rowCount(app, "blogPosts")) === 0;
  const contentSeeded = contentEmpty ? await seedDemoContent(app) : null;
  return { migrations, seeded, contentSeeded };
}
