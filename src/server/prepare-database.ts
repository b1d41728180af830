import { migrateToLatest } from "../../adapters/db/database.ts";
import { createCatalogUnitOfWork } from "../../adapters/repositories/catalog.unit-of-work.ts";
import { seedCatalog, type SeedResult } from "../../domain/catalog/seed-catalog.ts";
import { DEMO_CATALOG } from "../../scripts/demo/catalog.ts";
import type { App } from "./app.ts";

/** Adds the demo catalogue's missing games (idempotent; see seedCatalog). */
export function seedDemoCatalog(app: App): Promise<SeedResult> {
  return seedCatalog(DEMO_CATALOG, { unitOfWork: createCatalogUnitOfWork(app.db, app.clock), ids: app.ids });
}

/**
 * What `npm start` does before serving: bring the schema up to date and, when the store has no
 * games at all (a new installation), seed the demo catalogue. A store whose admin deleted some
 * games is not re-seeded.
 */
export async function prepareDatabase(app: App): Promise<{ migrations: string[]; seeded: SeedResult | null }> {
  const migrations = await migrateToLatest(app.db);
  const { count } = await app.db
    .selectFrom("games")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const seeded = Number(count) === 0 ? await seedDemoCatalog(app) : null;
  return { migrations, seeded };
}
