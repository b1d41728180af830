import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// scripts/test-all.ts runs `npm run <tier>` for each tier; an `npm` of our own first on PATH stands
// in for the real tiers (which take the better part of an hour), so that only the launcher is tested.
const bin = mkdtempSync(join(tmpdir(), "shop-test-all-"));
afterAll(() => rmSync(bin, { recursive: true, force: true }));
writeFileSync(join(bin, "npm"), '#!/bin/sh\necho "ran $2"\n[ "$2" = "$FAIL_TIER" ] && exit 7\nexit 0\n');
chmodSync(join(bin, "npm"), 0o755);

function testAll(failTier = "") {
  return spawnSync(process.execPath, [resolve(import.meta.dirname, "../../scripts/test-all.ts")], {
    encoding: "utf8",
    env: { ...process.env, PATH: `${bin}${delimiter}${process.env["PATH"]}`, FAIL_TIER: failTier },
  });
}

describe.skipIf(process.platform === "win32")("npm run test:all", () => {
  it("runs every tier in CI's order and ends with the time each took", () => {
    const run = testAll();
    expect(run.status).toBe(0);
    expect(run.stdout.match(/^ran .*/gm)).toEqual(["ran check", "ran test:unit", "ran test:integration", "ran test:integration:pg", "ran test:e2e"]);
    const summary = run.stdout.slice(run.stdout.indexOf("test:all: time per tier"));
    for (const tier of ["check", "test:unit", "test:integration", "test:integration:pg", "test:e2e", "total"]) {
      expect(summary).toMatch(new RegExp(`^  ${tier} +\\d+m\\d\\ds$`, "m"));
    }
  });

  it("stops at the first tier that fails, with its exit status, and still prints the times so far", () => {
    const run = testAll("test:integration");
    expect(run.status).toBe(7);
    expect(run.stdout).not.toContain("ran test:integration:pg");
    expect(run.stdout).toMatch(/^ {2}test:integration +\d+m\d\ds {2}FAILED$/m);
    expect(run.stdout).toMatch(/^ {2}total +\d+m\d\ds$/m);
  });
});
