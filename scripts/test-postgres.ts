// `npm run test:integration:pg`: the integration suite again, on PostgreSQL (the scale-out
// database). Uses TEST_POSTGRES_URL, or a server answering on 127.0.0.1:5432 (trust auth); without
// one the run is skipped with a clear line, so a machine without PostgreSQL still passes npm test.
import { spawnSync } from "node:child_process";
import pg from "pg";

const candidates = process.env["TEST_POSTGRES_URL"]
  ? [process.env["TEST_POSTGRES_URL"]]
  : ["postgres://postgres@127.0.0.1:5432/test", "postgres://127.0.0.1:5432/test"];

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

let url: string | undefined;
for (const candidate of candidates) {
  if (await reachable(candidate)) {
    url = candidate;
    break;
  }
}

if (!url) {
  console.log(`test:integration:pg: skipped: no PostgreSQL server answered (${candidates.join(", ")}); set TEST_POSTGRES_URL to run these tests`);
  process.exit(0);
}

console.log(`test:integration:pg: running the integration suite on ${url.replace(/\/\/[^@]*@/, "//")}`);
const result = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "--project", "integration", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE: "postgres", TEST_POSTGRES_URL: url },
});
process.exit(result.status ?? 1);
