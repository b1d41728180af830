import { freshPostgresDatabase } from "#bench/lib/fresh-postgres.ts";

/**
 * PostgreSQL for the scale-out tests. TEST_POSTGRES_URL names a server where we may create
 * databases (CI sets it when one answers on 127.0.0.1:5432); each test file gets its own fresh
 * database, dropped afterwards, so files run in parallel without seeing each other. With `template`
 * the new database is a copy of that one (the integration run's migrated template,
 * tests/integration/helpers/migrated-template.ts); without it, an empty one.
 */
export const TEST_POSTGRES_URL = process.env["TEST_POSTGRES_URL"];

export async function createTestPostgresDatabase(options: { template?: string } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!TEST_POSTGRES_URL) throw new Error("TEST_POSTGRES_URL is not set");
  return freshPostgresDatabase(TEST_POSTGRES_URL, "shop_test", options.template);
}
