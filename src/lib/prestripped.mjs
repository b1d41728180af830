// The store's own server code, its types stripped at build time (docs/architecture.md, "Types
// stripped at build time"). Node strips the types of a .ts module as it loads it with amaro, a
// WebAssembly build of swc that stays in the process once loaded: about 20 MB of the serving
// process's resident memory (measured at start: 153 MB with these copies, 173 MB without), for
// work that is the same on every start. The build writes the exact text Node would make of each
// file (Node's own `stripTypeScriptTypes`, strip mode: positions kept, so stack traces still
// point at the .ts lines) and the source's digest; `scripts/prestripped-hooks.mjs` hands Node a
// copy only while its source is byte for byte the one it was made from, and otherwise lets Node
// strip the file itself, so an edit after the build never runs stale code.

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { stripTypeScriptTypes } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const projectRoot = fileURLToPath(new URL("../../", import.meta.url));

/** Where the copies and their manifest live, under the project root. */
export const PRESTRIPPED_DIR = join("dist", "prestripped");
/**
 * The folders whose .ts files a store process loads: the four of the app, the API routes the front
 * answers itself (src/pages/api), and scripts/ for start.ts. Files no process loads cost a copy on disk.
 */
export const SOURCE_FOLDERS = ["domain", "adapters", "read-models", "src", "scripts"];

/** The digest a copy is kept under: the source text's SHA-256. */
export function sourceDigest(/** @type {string} */ text) {
  return createHash("sha256").update(text).digest("hex");
}

/** The manifest's key for a file: its path from the project root, with forward slashes. */
export function manifestKey(/** @type {string} */ root, /** @type {string} */ file) {
  return relative(root, file).split(sep).join("/");
}

/** @param {string} dir @returns {string[]} */
function typeScriptFiles(dir) {
  /** @type {string[]} */
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...typeScriptFiles(path));
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) files.push(path);
  }
  return files;
}

/** Writes the stripped copy of every .ts file in SOURCE_FOLDERS and the manifest of their digests. */
export function writePrestripped(root = projectRoot) {
  const out = join(root, PRESTRIPPED_DIR);
  // Written beside and moved into place whole: a store starting meanwhile reads the old set or
  // none (then Node strips), never half a file.
  const next = `${out}.${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  /** @type {Record<string, string>} */
  const manifest = {};
  const folders = SOURCE_FOLDERS.map((folder) => join(root, folder)).filter((folder) => existsSync(folder));
  for (const file of folders.flatMap(typeScriptFiles)) {
    const source = readFileSync(file, "utf8");
    let code;
    try {
      code = stripTypeScriptTypes(source, { mode: "strip" });
    } catch {
      continue; // Not erasable TypeScript: Node refuses it at load time too, with its own message.
    }
    const key = manifestKey(root, file);
    mkdirSync(dirname(join(next, key)), { recursive: true });
    writeFileSync(join(next, `${key}.js`), code);
    manifest[key] = sourceDigest(source);
  }
  mkdirSync(next, { recursive: true });
  writeFileSync(join(next, "manifest.json"), JSON.stringify(manifest));
  rmSync(out, { recursive: true, force: true });
  renameSync(next, out);
  return Object.keys(manifest).length;
}

/** The Astro integration: the copies are written after every build, beside the build they go with. */
export function prestrippedSources() {
  return {
    name: "shop:prestripped-sources",
    hooks: {
      "astro:build:done": (/** @type {{ logger: { info(message: string): void } }} */ { logger }) => {
        logger.info(`${writePrestripped()} server modules stripped of their types (${PRESTRIPPED_DIR})`);
      },
    },
  };
}
