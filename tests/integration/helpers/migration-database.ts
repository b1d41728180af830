import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "#adapters/db/database.ts";
import { migrationProvider } from "#adapters/db/migrations/index.ts";
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

/**
 * The steps of a migration's test: `migrateTo` the migration before it, insert rows as the store
 * kept them then, `migrateTo` the one checked, and read what it made of them. The database is typed
 * loosely (`Kysely<any>`): its tables are those of back then, not of today's schema. A migration
 * that fails fails the test there.
 */
export async function databaseForMigration(prefix: string): Promise<{ db: Kysely<any>; migrateTo: (migration: string) => Promise<void> }> {
  const db = (await emptyDatabaseForMigration(prefix)) as unknown as Kysely<any>;
  return {
    db,
    async migrateTo(migration) {
      expect((await new Migrator({ db, provider: migrationProvider }).migrateTo(migration)).error).toBeUndefined();
    },
  };
}

/**
 * A migration's test of what it does to the rows of before: a database migrated to `from` (a
 * migration before it) is given `rows` (by table, in that order) as the store kept them then, then
 * migrated on to `migration`; `check` reads what the migration made of them.
 */
export function testMigration(
  migration: string,
  behaviour: string,
  { from, rows }: { from: string; rows: Record<string, Record<string, unknown>[]> },
  check: (db: Kysely<any>) => Promise<void>,
): void {
  describe(`migration ${migration} on ${TEST_DATABASE}`, () => {
    it(behaviour, async () => {
      const { db, migrateTo } = await databaseForMigration(`shop-${migration}`);
      await migrateTo(from);
      for (const [table, values] of Object.entries(rows)) await db.insertInto(table).values(values).execute();
      await migrateTo(migration);
      await check(db);
    });
  });
}
