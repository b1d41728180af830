import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 36: the shop says nothing it does not keep. Support has hours and an offline mode (the chat
 * and Contact page say who is online), and items are handed over in game by the delivery team, so
 * no page, component or island may promise round-the-clock support or instant delivery. The built
 * pages of an empty store are searched too (tests/e2e/empty-store-facts.spec.ts); this also covers
 * the product and cart pages, which an empty store has none of.
 */
const UNKEPT: [string, RegExp][] = [
  ["round-the-clock support", /24\s*\/\s*7|24 hours a day|around[- ]the[- ]clock|round[- ]the[- ]clock|always (online|available)/i],
  ["instant delivery", /instant(ly)?\s+deliver|>\s*Instant\s*</i],
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(astro|tsx|ts|md)$/.test(entry.name) ? [path] : [];
  });
}

describe("no promise the shop does not keep", () => {
  it("no page, component, island or site text promises 24/7 support or instant delivery", () => {
    const found: string[] = [];
    for (const file of ["src/pages", "src/components", "src/islands", "src/layouts", "src/lib"].flatMap((dir) => sources(dir))) {
      const text = readFileSync(file, "utf8");
      for (const [what, shape] of UNKEPT) {
        const match = text.match(shape);
        if (match) found.push(`${file}: ${what}: "${match[0]}"`);
      }
    }
    expect(found).toEqual([]);
  });
});
