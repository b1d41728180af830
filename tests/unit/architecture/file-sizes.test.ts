import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Issue 34: no file of production code over 300 lines, so each stays one thing a reader holds in
// their head. Seed data (adapters/seed/) and the database schema (adapters/db/schema.ts, one
// interface per table) are lists, not logic, and are left out; so are the migrations, which are
// frozen once shipped.
const MAX_LINES = 300;
const ROOT = join(import.meta.dirname, "../../..");
const FOLDERS = ["domain", "adapters", "read-models", "src", "scripts"];
const LEFT_OUT = [/^adapters\/seed\//, /^adapters\/db\/schema\.ts$/, /^adapters\/db\/migrations\//];
const CODE = /\.(ts|tsx|mjs|astro)$/;

function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && CODE.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split("\\").join("/"));
}

describe("production files", () => {
  it(`are at most ${MAX_LINES} lines each (seed data, the schema and migrations aside)`, () => {
    const tooLong = FOLDERS.flatMap(filesUnder)
      .filter((file) => !LEFT_OUT.some((pattern) => pattern.test(file)))
      .map((file) => ({ file, lines: readFileSync(join(ROOT, file), "utf8").trimEnd().split("\n").length }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });
});
