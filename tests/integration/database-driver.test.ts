import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// In a child process: vitest's own process may have loaded pg for other tests.
function pgLoadedAfterOpening(url: string): boolean {
  const run = spawnSync(process.execPath, ["tests/integration/helpers/print-loaded-driver.ts", url], { encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { pgLoaded: boolean }).pgLoaded;
}

describe("the database driver", () => {
  const dir = mkdtempSync(join(tmpdir(), "shop-driver-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("a store on SQLite never loads the PostgreSQL driver (memory it would hold for nothing)", () => {
    expect(pgLoadedAfterOpening(`file:${join(dir, "shop.db")}`)).toBe(false);
  });

  it("a PostgreSQL URL loads it when the database is opened", () => {
    expect(pgLoadedAfterOpening("postgres://127.0.0.1:1/nothing")).toBe(true);
  });
});
