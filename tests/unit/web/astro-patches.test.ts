import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { PATCHED_VERSIONS, PATCHES, unpatchedVersions } from "#src/lib/astro-patches.mjs";

// The runtime patches of src/lib/astro-patches.mjs hold for one version of Astro and its React
// renderer: an upgrade fails here, before any build, naming what to re-read (docs/decisions.md).
const root = join(import.meta.dirname, "../../..");
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { dependencies: Record<string, string> };
const require = createRequire(join(root, "package.json"));

describe("Astro's runtime patches", () => {
  it("are for the exact versions package.json pins and node_modules holds", () => {
    for (const [name, version] of Object.entries(PATCHED_VERSIONS)) expect(manifest.dependencies[name], name).toBe(version);
    expect(unpatchedVersions()).toEqual([]);
  });

  it("each find the code they replace in the installed files", () => {
    for (const patch of PATCHES) {
      const packageName = patch.module.source.includes("@astrojs") ? "@astrojs/react" : "astro";
      const packageDir = dirname(require.resolve(`${packageName}/package.json`));
      const file = findFile(join(packageDir, "dist"), patch.module);
      expect(file, `${patch.name}: no file matches ${patch.module}`).toBeDefined();
      expect(readFileSync(file!, "utf8"), patch.name).toContain(patch.original);
    }
  });
});

function findFile(folder: string, pattern: RegExp): string | undefined {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      const found = findFile(path, pattern);
      if (found) return found;
    } else if (pattern.test(path)) return path;
  }
  return undefined;
}
