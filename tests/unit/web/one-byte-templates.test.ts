// The layout, its components and the catalogue pages write characters above U+00FF as HTML entities
// (&#9825;, &bull;): one such character in a template makes V8 build the whole rendered page as a
// two-byte string, twice the memory, and encode it to UTF-8 the slow way on every uncached render
// (issue 22, docs/benchmarks.md). Text from the database may still hold any character.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../../..");
const FOLDERS = ["src/layouts", "src/components", "src/pages/shop"];

describe("templates of every catalogue page", () => {
  it("hold no character above U+00FF outside comments", () => {
    const found: string[] = [];
    for (const folder of FOLDERS) {
      for (const name of readdirSync(join(root, folder)).filter((n) => n.endsWith(".astro"))) {
        const lines = readFileSync(join(root, folder, name), "utf8").split("\n");
        lines.forEach((line, index) => {
          const code = line.replace(/\/\/.*$|\{\/\*.*?\*\/\}|<!--.*?-->/g, "");
          for (const char of code) if (char.codePointAt(0)! > 0xff) found.push(`${folder}/${name}:${index + 1} ${char}`);
        });
      }
    }
    expect(found).toEqual([]);
  });
});
