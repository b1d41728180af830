import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ALSO_ON_POSTGRES, DB_TEST_SUFFIX, INTEGRATION_DIR, postgresFiles, SQL_HELD_ON_POSTGRES } from "#scripts/postgres-files.ts";

// The PostgreSQL run takes only the integration files that test what the engine decides
// (scripts/postgres-files.ts). These checks keep a new such file, or new SQL of the store's own,
// from quietly running on SQLite alone.
const root = join(import.meta.dirname, "../../..");
const onPostgres = new Set(postgresFiles(join(root, INTEGRATION_DIR)).map((path) => path.split("/").pop()!));

/** What in a test's text says it tests something the engine decides. */
const ENGINE_MARKERS: [string, RegExp][] = [
  ["a branch on the engine", /TEST_DATABASE\s*===\s*"postgres"|TEST_DATABASE\s*!==\s*"sqlite"/],
  ["a PostgreSQL database of its own", /createTestPostgresDatabase|TEST_POSTGRES_URL/],
  ["a migration", /migration-database|migrateToLatest/],
  ["a query plan", /\bexplain\b/i],
  // Every contract suite but those of outside services (mail transport, payment gateway, Roblox directory) is a storage's.
  ["a repository contract suite", /from ["']\.\.\/contracts\/(?!mail-transport|payment-gateway|roblox-directory)[^"']+\.contract\.ts["']/],
  ["a second process on the database", /worker-process/],
];
const ENGINE_NAMES = /concurrency|two-machines|processes/;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

describe("the integration files on PostgreSQL", () => {
  it("hold every file that touches something the engine decides", () => {
    const leftOut: string[] = [];
    for (const name of readdirSync(join(root, INTEGRATION_DIR)).filter((n) => n.endsWith(".test.ts"))) {
      if (onPostgres.has(name)) continue;
      const text = readFileSync(join(root, INTEGRATION_DIR, name), "utf8");
      for (const [what, marker] of ENGINE_MARKERS) if (marker.test(text)) leftOut.push(`${name}: ${what}`);
      if (ENGINE_NAMES.test(name)) leftOut.push(`${name}: its name`);
    }
    expect(leftOut).toEqual([]);
  });

  it("name only files that exist, and every *.db.test.ts file", () => {
    for (const name of Object.keys(ALSO_ON_POSTGRES)) expect(existsSync(join(root, INTEGRATION_DIR, name)), name).toBe(true);
    expect(Object.keys(ALSO_ON_POSTGRES).filter((name) => name.endsWith(DB_TEST_SUFFIX))).toEqual([]);
  });

  it("run every piece of the store's own SQL on PostgreSQL", () => {
    const ownSql = ["adapters", "read-models", "src", "domain"]
      .flatMap(sourceFiles)
      .filter((path) => !path.startsWith("adapters/db/migrations/"))
      .filter((path) => /\bsql(`|<)|dialectOf\(/.test(readFileSync(join(root, path), "utf8")));
    expect(ownSql.filter((path) => !(path in SQL_HELD_ON_POSTGRES))).toEqual([]);
    for (const [path, test] of Object.entries(SQL_HELD_ON_POSTGRES)) {
      expect(existsSync(join(root, path)), path).toBe(true);
      expect(onPostgres.has(test), `${path} -> ${test}`).toBe(true);
    }
  });
});
