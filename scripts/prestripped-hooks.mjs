// `npm start`'s --import: hands Node the build's type-stripped copy of each of the store's own .ts
// modules (src/lib/prestripped.mjs says why), so the serving process never loads Node's type
// stripper. A module without a current copy (none built yet, or its source edited since the
// build) is left to Node, which strips it as usual: the copies can save memory, never change code.
// Plain JavaScript on purpose: a .ts file here would itself load the stripper.

import { existsSync, readFileSync, statSync } from "node:fs";
import { registerHooks } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { manifestKey, PRESTRIPPED_DIR, sourceDigest } from "../src/lib/prestripped.mjs";

const root = fileURLToPath(new URL("../", import.meta.url));
const dir = join(root, PRESTRIPPED_DIR);
const manifestFile = join(dir, "manifest.json");

/** @type {{ mtimeMs: number, entries: Record<string, string> }} */
let manifest = { mtimeMs: -1, entries: {} };

// Read again when it changes: `npm start` builds after this hook is registered when the sources
// are newer than the build, and the modules it loads after that build have current copies.
function currentManifest() {
  const mtimeMs = existsSync(manifestFile) ? statSync(manifestFile).mtimeMs : 0;
  if (mtimeMs !== manifest.mtimeMs) manifest = { mtimeMs, entries: mtimeMs ? JSON.parse(readFileSync(manifestFile, "utf8")) : {} };
  return manifest.entries;
}

registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith("file:") || !url.endsWith(".ts")) return nextLoad(url, context);
    const file = fileURLToPath(url);
    if (!file.startsWith(root)) return nextLoad(url, context);
    const key = manifestKey(root, file);
    try {
      // The copy only while the source is byte for byte the one it was made from.
      if (currentManifest()[key] === sourceDigest(readFileSync(file, "utf8")))
        return { format: "module", source: readFileSync(join(dir, `${key}.js`), "utf8"), shortCircuit: true };
    } catch {
      // A build replacing the copies this very moment: this module is Node's to strip.
    }
    return nextLoad(url, context);
  },
});
