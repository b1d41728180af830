import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A fresh, empty database on the PostgreSQL server at `serverUrl` (one where databases may be
 * created), named `<prefix>_<random>` so runs side by side never meet; `drop()` removes it. The
 * benchmarks and the scale-out tests each take one. With `template` it is a copy of that database
 * (the integration run's migrated template) instead of an empty one.
 */
export async function freshPostgresDatabase(serverUrl: string, prefix: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
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
