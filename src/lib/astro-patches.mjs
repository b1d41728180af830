// A Vite plugin for astro.config.mjs: small patches to Astro's server runtime, applied to the
// server build only, written for the exact versions in PATCHED_VERSIONS (package.json pins them;
// tests/unit/web/astro-patches.test.ts and the build fail on any other: an upgrade is a change that
// re-reads each patch, docs/decisions.md "Astro as shipped"), each keeping a result Astro recomputed on every request although it is the
// same for the life of the process (issue 22, docs/benchmarks.md). The build fails if a patched
// function is no longer where a patch expects it, so an upgrade of Astro cannot drop one silently.
// One patch is a fix, not a saving: the islands' React id prefix on the server (issue 35).

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PURE_SERVER_RENDER_KEY } from "./tag-react-islands.mjs";

/** The packages patched and the one version of each the patches were written against. */
export const PATCHED_VERSIONS = { astro: "7.3.5", "@astrojs/react": "7.0.0" };

/** The installed version of each patched package that is not the one the patches were written for. */
export function unpatchedVersions() {
  return Object.entries(PATCHED_VERSIONS).flatMap(([name, version]) => {
    const installed = JSON.parse(readFileSync(fileURLToPath(new URL(`../../node_modules/${name}/package.json`, import.meta.url)), "utf8")).version;
    return installed === version ? [] : [`${name} ${installed} (the patches are for ${version})`];
  });
}

// Digests of strings rendered per request (a server island's content) are not all kept: the map
// stops growing at this many entries.
const MAX_KEPT_DIGESTS = 256;
// Asset links come from the build's manifest (a few hundred scripts and styles at most); the map
// stops growing here all the same.
const MAX_KEPT_ASSET_LINKS = 1024;
// The keeper of pure islands' HTML, imported by the patched React renderer.
const PURE_ISLANDS = fileURLToPath(new URL("./pure-islands.ts", import.meta.url));

export const PATCHES = [
  {
    // An island's server HTML: React rendered it on every render of every page, although for the
    // islands marked pure (their HTML a function of their props alone; tag-react-islands.mjs) it is
    // the same for the same props. Kept per component, props (strings, numbers, booleans and null
    // only) and React id prefix, which is the island's place on the page (useId's ids start with it).
    // An island with children or slots, other props, or on an Astro action's form post is rendered
    // every time. About a tenth of an uncached game page's CPU (issue 22, docs/benchmarks.md).
    name: "pure islands rendered once per props",
    module: /[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/,
    original: `async function renderToStaticMarkup(Component, props, { default: children, ...slotted }, metadata) {
  let prefix;
  if (this && this.result) {
    prefix = incrementId(this.result);
  }
`,
    replacement: `import { pureIslands } from ${JSON.stringify(PURE_ISLANDS)};
async function renderToStaticMarkup(Component, props, slots, metadata) {
  const prefix = this && this.result ? incrementId(this.result) : void 0;
  const renderAnew = () => renderToStaticMarkupAnew.call(this, prefix, Component, props, slots, metadata);
  if (prefix === void 0 || Component?.[Symbol.for(${JSON.stringify(PURE_SERVER_RENDER_KEY)})] !== true || this.result.actionResult || Object.keys(slots).length > 0)
    return renderAnew();
  return pureIslands.render(Component, prefix, props, renderAnew);
}
async function renderToStaticMarkupAnew(prefix, Component, props, { default: children, ...slotted }, metadata) {
`,
  },
  {
    // An island's React ids: rendered to a string (experimentalDisableStreaming), an island was
    // rendered without its identifierPrefix, while the browser hydrates it with the prefix Astro
    // wrote on the island ("r0", "r1", ...). Every island's useId ids were then the same on the
    // server (the two header search boxes both "_R_0_", so a label named the other island's input)
    // and changed at the first client render (a label kept "_R_0_-code" when its input came back
    // as "_r0R_0_-code"). With the prefix, ids are unique per island and the same on both sides.
    name: "islands rendered with their React id prefix",
    module: /[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/,
    original: "    html = ReactDOM.renderToString(vnode);",
    replacement: "    html = ReactDOM.renderToString(vnode, renderOptions);",
  },
  {
    // A dynamic page's props: for a server-rendered route without getStaticPaths (all of ours, like
    // /shop/[gameSlug]) the list of static paths is empty, yet Astro turned the params back into a
    // path (compiling the route's path generator) and built a debug line for the certain miss on
    // every request. With no static paths there is nothing to find (issue 22, docs/benchmarks.md).
    name: "no static path looked up when there are none",
    module: /[\\/]astro[\\/]dist[\\/]core[\\/]render[\\/]params-and-props\.js$/,
    original: "  const matchedStaticPath = findPathItemByKey(staticPaths, params, route, logger, trailingSlash);",
    replacement: "  const matchedStaticPath = staticPaths.length === 0 ? void 0 : findPathItemByKey(staticPaths, params, route, logger, trailingSlash);",
  },
  {
    // The Content-Security-Policy header: Astro's renderer hashed the route's inline styles and
    // scripts with SubtleCrypto (one job per hash) on every render, although they are the same bytes
    // on every render of a route. About 5% of an uncached game page's CPU.
    name: "CSP digests made once",
    module: /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/,
    original: "async function generateCspDigest(data, algorithm) {",
    replacement: `const keptCspDigests = new Map();
async function generateCspDigest(data, algorithm) {
  const key = algorithm + "\\u0000" + data;
  const kept = keptCspDigests.get(key);
  if (kept !== undefined) return kept;
  const digest = await computeCspDigest(data, algorithm);
  if (keptCspDigests.size < ${MAX_KEPT_DIGESTS}) keptCspDigests.set(key, digest);
  return digest;
}
async function computeCspDigest(data, algorithm) {`,
  },
  {
    // An asset's link (an island's component and renderer scripts, a page's styles and scripts):
    // Astro parsed the manifest's path with \`new URL()\` on every use, three times per island per
    // render, although base and assetsPrefix are the build's and the link never changes. About
    // half of Astro's own work per island (issue 22, docs/benchmarks.md). Links with query
    // parameters, or assetsPrefix given per file type, are still made every time.
    name: "asset links made once",
    module: /[\\/]astro[\\/]dist[\\/]core[\\/]render[\\/]ssr-element\.js$/,
    original: "function createAssetLink(href, base, assetsPrefix, queryParams) {",
    replacement: `const keptAssetLinks = new Map();
function createAssetLink(href, base, assetsPrefix, queryParams) {
  if (queryParams !== undefined || (assetsPrefix && typeof assetsPrefix !== "string")) return makeAssetLink(href, base, assetsPrefix, queryParams);
  const key = href + "\\u0000" + (base ?? "") + "\\u0000" + (assetsPrefix ?? "");
  let link = keptAssetLinks.get(key);
  if (link === undefined) {
    link = makeAssetLink(href, base, assetsPrefix);
    if (keptAssetLinks.size < ${MAX_KEPT_ASSET_LINKS}) keptAssetLinks.set(key, link);
  }
  return link;
}
function makeAssetLink(href, base, assetsPrefix, queryParams) {`,
  },
  {
    // A page rendered to one string (the node adapter's experimentalDisableStreaming): Astro encoded
    // it to bytes and handed those to the fetch Response, which copies a byte body it is given; a
    // 40 KB game page was encoded and then copied on every render (about 5% of its CPU, and one more
    // 40 KB block per request). The Response encodes a string body itself, once; Content-Length is
    // the string's UTF-8 length.
    name: "a page's HTML encoded once",
    module: /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]page\.js$/,
    original: `  if (!streaming && typeof body === "string") {
    body = encoder.encode(body);
    headers.set("Content-Length", body.byteLength.toString());
  }`,
    replacement: `  if (!streaming && typeof body === "string") {
    headers.set("Content-Length", String(Buffer.byteLength(body, "utf8")));
  }`,
  },
  {
    // A route's page module: Astro imported it anew for every request (two dynamic import() calls
    // through node's module loader, which resolves and looks the module up each time). The module
    // is the same object for the life of the process; a failed load is not kept.
    name: "page modules loaded once",
    module: /[\\/]astro[\\/]dist[\\/]core[\\/]environment[\\/]production\.js$/,
    original: `async function getComponentByRoute(manifest, routeData) {
  const module = await getModuleForRoute(manifest, routeData);
  return module.page();
}`,
    replacement: `const keptPageModules = new WeakMap();
function getComponentByRoute(manifest, routeData) {
  let kept = keptPageModules.get(routeData);
  if (!kept) {
    kept = loadComponentByRoute(manifest, routeData);
    keptPageModules.set(routeData, kept);
    kept.catch(() => keptPageModules.delete(routeData));
  }
  return kept;
}
async function loadComponentByRoute(manifest, routeData) {
  const module = await getModuleForRoute(manifest, routeData);
  return module.page();
}`,
  },
];

/** @returns {import("vite").Plugin} */
export function patchAstro() {
  const applied = new Set();
  return {
    name: "shop:astro-patches",
    // Only the server build renders pages; `astro dev` is left as Astro ships it.
    apply: "build",
    buildStart() {
      const other = unpatchedVersions();
      if (other.length) this.error(`astro-patches: installed ${other.join(", ")}; re-read each patch against it and update PATCHED_VERSIONS`);
    },
    transform(code, id) {
      const patches = PATCHES.filter((p) => p.module.test(id));
      if (!patches.length) return null;
      for (const patch of patches) {
        if (!code.includes(patch.original))
          this.error(`astro-patches (${patch.name}): the patched code was not found in ${id}; Astro changed, update src/lib/astro-patches.mjs`);
        applied.add(patch.name);
        code = code.replace(patch.original, patch.replacement);
      }
      return { code, map: null };
    },
    buildEnd() {
      // Only the server build bundles Astro's runtime; the client build never loads these modules.
      if (this.environment?.name !== "ssr") return;
      const missing = PATCHES.filter((p) => !applied.has(p.name)).map((p) => p.name);
      if (missing.length) this.error(`astro-patches: not applied (${missing.join(", ")}): the module was not bundled; update src/lib/astro-patches.mjs`);
    },
  };
}
