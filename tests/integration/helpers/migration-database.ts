import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { openDatabase, type Db } from "#adapters/db/database.ts";
import { createTestPostgresDatabase, TEST_POSTGRES_URL } from "../../support/postgres.ts";
import { TEST_DATABASE } from "./test-app.ts";

/**
 * An empty database of the run's engine for a migration's own test (no migration applied yet: the
 * test migrates it to the state before the one it checks), removed after the file's tests.
 */
export async function emptyDatabaseForMigration(prefix: string): Promise<Db> {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const postgres = TEST_DATABASE === "postgres" && TEST_POSTGRES_URL ? await createTestPostgresDatabase() : null;
  const db = openDatabase(postgres ? postgres.url : `file:${join(dir, "shop.db")}`);
  afterAll(async () => {
    await db.destroy();
    await postgres?.drop();
    rmSync(dir, { recursive: true, force: true });
  });
  return db;
}
