import { randomBytes } from "node:crypto";
import pg from "pg";

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
  const name = `shop_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(options.template ? `create database ${name} template ${options.template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await client.connect();
      try {
        // Without FORCE first: a pool that was just closed may still have backends on their way
        // out, and FORCE would kill them mid-goodbye, which their client reports as an uncaught
        // "terminating connection due to administrator command". Wait for them instead; FORCE
        // only when something really stays connected.
        for (let attempt = 0; ; attempt++) {
          try {
            await client.query(`drop database if exists ${name}`);
            return;
          } catch (error) {
            if ((error as { code?: string }).code !== "55006" || attempt >= 50) break; // 55006: still in use
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
