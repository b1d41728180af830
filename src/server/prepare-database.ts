import { existsSync } from "node:fs";
import { join } from "node:path";
import { createAdministratorAccounts } from "#adapters/auth/administrator-accounts.ts";
import { migrateToLatest } from "#adapters/db/database.ts";
import { refreshPlannerStatistics } from "#adapters/db/planner-statistics.ts";
import { ensureAdministrator } from "#domain/accounts/ensure-administrator.ts";
import { isCommonPassword } from "#adapters/auth/common-passwords.ts";
import type { SeedResult } from "#domain/catalogue/seed-catalogue.ts";
import type { ContentSeedResult } from "#domain/content/seed-content.ts";
import { DEMO_CATALOGUE } from "#adapters/seed/catalogue.ts";
import { DEMO_FAQS, DEMO_POSTS } from "#adapters/seed/content.ts";
import type { App } from "./app.ts";
import { DEMO_DISCOUNT_CODES } from "#adapters/seed/discount-codes.ts";
import { DEMO_RATINGS } from "#adapters/seed/ratings.ts";
import { DEMO_ENDORSEMENTS } from "#adapters/seed/endorsements.ts";
import { seedDemoRatings } from "#adapters/repositories/demo-ratings.repository.ts";
import type { RebuildResult } from "#read-models/analytics/rebuild-projections.ts";

/** Who wrote the settings the demo seed saves (shop_settings.updatedBy): the seed, no staff member. */
const DEMO_SEED_AUTHOR = "demo-data";

/** Adds the demo catalogue's missing games (idempotent; see seedCatalogue). */
export function seedDemoCatalogue(app: App): Promise<SeedResult> {
  return app.catalogue.seedCatalogue(DEMO_CATALOGUE);
}

/** Creates the administrator, or resets its password and grants admin (idempotent; ends old sessions when anything changed). */
export function ensureAdmin(app: App, email: string, password: string) {
  return ensureAdministrator({ email, password }, createAdministratorAccounts(app.auth, app.db), isCommonPassword);
}

/** Whether this address belongs to a shopper's account that is not an administrator yet. */
export async function isShopperAccount(app: App, email: string): Promise<boolean> {
  const user = await createAdministratorAccounts(app.auth, app.db).findUserByEmail(email.trim().toLowerCase());
  return user !== null && !user.isAdmin;
}

/** Adds the demo FAQs and blog posts that are missing (idempotent; see seedContent). */
export function seedDemoContent(app: App): Promise<ContentSeedResult> {
  return app.content.seedContent({ faqs: DEMO_FAQS, posts: DEMO_POSTS });
}

async function rowCount(app: App, table: "games" | "faqs" | "blog_posts"): Promise<number> {
  const { count } = await app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * What `npm start` does before serving: bring the schema up to date, make sure the configured
 * administrator (ADMIN_EMAIL/ADMIN_PASSWORD) exists and, with DEMO_DATA on, when the store has no games at all (a new
 * installation), seed the demo catalogue, discount codes and ratings; likewise the demo content when there
 * are neither FAQs nor blog posts. A store whose editors deleted some games or posts is not
 * re-seeded. Analytics projections that are new or changed are rebuilt from the event log. Last,
 * the query planner's statistics are brought up to date (adapters/db/planner-statistics.ts).
 */
export async function prepareDatabase(
  app: App,
  // The integration tests' stores leave the demo ratings out: their orders would be in every
  // order list those tests count (tests/integration/demo-ratings.test.ts asks for them).
  options: { demoRatings?: boolean } = {},
): Promise<{
  migrations: string[];
  seeded: SeedResult | null;
  contentSeeded: ContentSeedResult | null;
  admin: { created: boolean } | null;
  projections: RebuildResult | null;
}> {
  const migrations = await migrateToLatest(app.db);
  // DEMO_DATA (config): a newcomer's local store is seeded, a production database starts empty.
  const demo = app.config.demoData;
  const seeded = demo && (await rowCount(app, "games")) === 0 ? await seedDemoCatalogue(app) : null;
  // A new store also gets the demo discount codes (WELCOME10, SAVE5).
  if (seeded) await app.promotions.seedDiscountCodes(DEMO_DISCOUNT_CODES);
  // ...and some published ratings on delivered demo orders (issue 36), so it does not look empty;
  // the orders are in the event log too, so Analytics counts what the Orders tab lists (issue 47).
  if (seeded && options.demoRatings !== false) await seedDemoRatings(app.db, DEMO_RATINGS, app.clock.now(), app.eventListeners);
  // ...and clearly fictional creators in its "Recommended by" strip (issue 47; a real store enters its own in Settings).
  if (seeded) await app.shopFacts.saveShopSettings("endorsements", DEMO_ENDORSEMENTS, DEMO_SEED_AUTHOR);
  const contentEmpty = demo && (await rowCount(app, "faqs")) === 0 && (await rowCount(app, "blog_posts")) === 0;
  const contentSeeded = contentEmpty ? await seedDemoContent(app) : null;
  const admin = app.config.admin ? await ensureAdmin(app, app.config.admin.email, app.config.admin.password) : null;
  // Projections that are new, of a new version or built for another TIME_ZONE are rebuilt from the log.
  const projections = await app.projections.bringUpToDate();
  // The planner's statistics (issue 33): SQLite's PRAGMA optimize; PostgreSQL's ANALYZE after migrations.
  await refreshPlannerStatistics(app.db, { start: true, migrated: migrations.length > 0 });
  return { migrations, seeded, contentSeeded, admin, projections };
}

/** prepareDatabase, saying what it did (runApp's preparation: `npm start` and `astro dev`). */
export async function prepareAndReport(app: App, say: (line: string) => void = console.log): Promise<void> {
  const { config } = app;
  const { migrations, seeded, admin, contentSeeded } = await prepareDatabase(app);
  if (migrations.length) say(`start: applied migrations ${migrations.join(", ")}`);
  if (seeded) say(`start: new store, seeded ${seeded.gamesAdded} demo games and ${seeded.productsAdded} products`);
  if (contentSeeded) say(`start: no content yet, seeded ${contentSeeded.faqsAdded} FAQs and ${contentSeeded.postsAdded} blog posts`);
  if (admin) say(`start: administrator ${config.admin?.email} ${admin.created ? "created" : "is ready"}`);
  // Files an earlier version kept in DATA_DIR are not served from another store until they are moved.
  if (config.uploads.store !== "folder" && ["uploads", "proofs"].some((folder) => existsSync(join(config.dataDir, folder)))) {
    say(
      `start: uploaded files are kept in the ${config.uploads.store} store, but ${config.dataDir} still has uploads or proofs folders: move them with npm run cli -- uploads move --from folder --to ${config.uploads.store} (or set UPLOADS_STORE=folder)`,
    );
  }
}
