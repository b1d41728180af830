// `npm run test:integration:pg`: the integration files that test what the database engine decides
// (scripts/postgres-files.ts), again on PostgreSQL (the scale-out database); `npm run
// test:integration:pg -- <file>` runs the files named instead. Uses TEST_POSTGRES_URL, or a server answering on 127.0.0.1:5432 (trust auth); without
// one the run is skipped with a clear line, so a machine without PostgreSQL still passes npm test.
import { spawnSync } from "node:child_process";
import pg from "pg";
import { postgresFiles } from "./postgres-files.ts";

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

const named = process.argv.slice(2);
const files = named.some((arg) => !arg.startsWith("-")) ? named : [...postgresFiles(), ...named];
console.log(`test:integration:pg: running ${named === files ? "the files named" : `${files.length} integration files`} on ${url.replace(/\/\/[^@]*@/, "//")}`);
const result = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "--project", "integration", ...files], {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE: "postgres", TEST_POSTGRES_URL: url },
});
process.exit(result.status ?? 1);
