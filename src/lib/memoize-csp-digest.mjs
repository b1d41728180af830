// A Vite plugin for astro.config.mjs: Astro's renderer hashes the route's inline styles and
// scripts for the Content-Security-Policy header on every request (SubtleCrypto, one job per hash),
// although they are the same bytes on every render of a route. This keeps each digest once it is
// made. It was about 5% of an uncached game page's CPU (docs/benchmarks.md, issue 22). The build
// fails if Astro's function is no longer where this expects it, so an upgrade cannot drop it
// silently.

const MODULE = /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/;
const ORIGINAL = "async function generateCspDigest(data, algorithm) {";
// Digests of strings rendered per request (a server island's content) are not all kept: the map
// stops growing at this many entries.
const MAX_KEPT = 256;

const MEMOIZED = `const keptCspDigests = new Map();
async function generateCspDigest(data, algorithm) {
  const key = algorithm + "\\u0000" + data;
  const kept = keptCspDigests.get(key);
  if (kept !== undefined) return kept;
  const digest = await computeCspDigest(data, algorithm);
  if (keptCspDigests.size < ${MAX_KEPT}) keptCspDigests.set(key, digest);
  return digest;
}
async function computeCspDigest(data, algorithm) {`;

/** @returns {import("vite").Plugin} */
export function memoizeCspDigest() {
  let seen = false;
  return {
    name: "shop:memoize-csp-digest",
    // Only the server build renders pages; `astro dev` is left as Astro ships it.
    apply: "build",
    transform(code, id) {
      if (!MODULE.test(id)) return null;
      if (!code.includes(ORIGINAL)) this.error(`memoize-csp-digest: ${ORIGINAL} not found in ${id}; Astro changed, update src/lib/memoize-csp-digest.mjs`);
      seen = true;
      return { code: code.replace(ORIGINAL, MEMOIZED), map: null };
    },
    buildEnd() {
      // Only the server build bundles Astro's runtime; the client build never loads the module.
      if (!seen && this.environment?.name === "ssr")
        this.error("memoize-csp-digest: astro/dist/core/encryption.js was not bundled; update src/lib/memoize-csp-digest.mjs");
    },
  };
}
