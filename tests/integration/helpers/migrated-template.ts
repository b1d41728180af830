// The integration project's globalSetup: one database with every migration applied, built once per
// run, that each test file's store starts as a copy of (helpers/test-app.ts) instead of running the
// 30-odd migrations again. Measured on the 2-core CI machine: migrating a new SQLite file takes
// 1.5-2.4 s (each migration's commit is synced to disk) and a new PostgreSQL database 1.5-2 s, for
// every one of about 100 files; copying the file, or CREATE DATABASE ... TEMPLATE, takes well under
// 0.2 s. The copy is what migrateToLatest would have left, so each store still runs migrateToLatest
// (it finds nothing to do) and what the tests see does not change.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateToLatest, openDatabase } from "#adapters/db/database.ts";
import { createTestPostgresDatabase, TEST_POSTGRES_URL } from "../../support/postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated SQLite file to copy (helpers/test-app.ts); "" when there is none. */
    migratedSqliteFile: string;
    /** The name of a migrated PostgreSQL database to clone; "" when there is none. */
    migratedPostgresDatabase: string;
  }
}

async function migrateAndClose(url: string): Promise<void> {
  const db = openDatabase(url);
  try {
    await migrateToLatest(db);
    // SQLite: the WAL folded into the main file, so that copying that one file copies everything.
    if (!/^postgres/.test(url)) await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  } finally {
    await db.destroy();
  }
}

/** Waits until no session is connected to `name` (CREATE DATABASE ... TEMPLATE refuses otherwise). */
async function waitUntilUnused(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      const { rows } = await client.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
      if (rows[0].n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), "shop-template-"));
  const file = join(dir, "shop.db");
  await migrateAndClose(`file:${file}`);
  if (existsSync(`${file}-wal`)) throw new Error("the migrated SQLite template kept a WAL file: a copy of shop.db alone would miss it");
  project.provide("migratedSqliteFile", file);

  let postgres: Awaited<ReturnType<typeof createTestPostgresDatabase>> | null = null;
  if (process.env["TEST_DATABASE"] === "postgres" && TEST_POSTGRES_URL) {
    postgres = await createTestPostgresDatabase();
    await migrateAndClose(postgres.url);
    const name = new URL(postgres.url).pathname.slice(1);
    await waitUntilUnused(name);
    project.provide("migratedPostgresDatabase", name);
  } else {
    project.provide("migratedPostgresDatabase", "");
  }

  return async () => {
    await postgres?.drop();
    rmSync(dir, { recursive: true, force: true });
  };
}
