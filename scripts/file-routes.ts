import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { RouteEntry, RouteMethod } from "../src/server/routes.ts";

/**
 * The file routes Astro builds from src/pages, read from the files themselves, and how they compare
 * with the route manifest (src/server/routes.ts). Used by `npm run check` (scripts/check-routes.ts),
 * tests/unit/web/routes-manifest.test.ts and the integration tests' request helper.
 */

export interface FileRoute {
  /** Path of the file under src/pages, with forward slashes: `api/products/[id].ts`. */
  file: string;
  pattern: string;
  kind: "page" | "endpoint";
  methods: RouteMethod[];
}

export const PAGES_DIR = fileURLToPath(new URL("../src/pages/", import.meta.url));

const METHOD_NAMES = new Set<string>(["GET", "POST", "PUT", "PATCH", "DELETE", "ALL"]);

/** Every .astro and .ts file under src/pages that Astro makes a route of (names starting with `_` are not). */
export function readFileRoutes(pagesDir: string = PAGES_DIR): FileRoute[] {
  const routes: FileRoute[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith("_") || entry.name.startsWith(".")) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(astro|ts)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
        const file = relative(pagesDir, path).split(sep).join("/");
        const kind = file.endsWith(".astro") ? "page" : "endpoint";
        routes.push({ file, pattern: patternOfFile(file), kind, methods: kind === "page" ? ["GET"] : exportedMethods(readFileSync(path, "utf8")) });
      }
    }
  };
  walk(pagesDir);
  return routes.sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** Astro's route for a file: `api/products/[id].ts` is `/api/products/[id]`, `blog/index.astro` is `/blog`. */
export function patternOfFile(file: string): string {
  const path = file.replace(/\.(astro|ts)$/, "").replace(/(^|\/)index$/, "");
  return `/${path}`;
}

/** The HTTP methods an endpoint module exports: `export const GET`, `export function POST`, `export { GET, POST as ALL }`. */
export function exportedMethods(source: string): RouteMethod[] {
  const names = new Set<string>();
  for (const found of source.matchAll(/export\s+(?:const|let|var|async\s+function\*?|function\*?)\s+([A-Z]+)\b/g)) names.add(found[1]!);
  for (const found of source.matchAll(/export\s*(type\s*)?\{([^}]*)\}/g)) {
    if (found[1]) continue;
    for (const item of found[2]!.split(",")) {
      const name = item
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name) names.add(name);
    }
  }
  return [...names].filter((name): name is RouteMethod => METHOD_NAMES.has(name)).sort();
}

/**
 * Where the files and the manifest disagree, one line each (empty: they agree). Also what the
 * manifest says that cannot hold: a cacheable or front route must be an endpoint or page with GET
 * (or, for the front, any method it has), and each pattern is listed once.
 */
export function compareRoutes(files: readonly FileRoute[], manifest: readonly RouteEntry[]): string[] {
  const problems: string[] = [];
  const listed = new Map<string, RouteEntry>();
  for (const entry of manifest) {
    if (listed.has(entry.pattern)) problems.push(`${entry.pattern}: listed twice in the route manifest`);
    listed.set(entry.pattern, entry);
    if (entry.cacheable && !entry.methods.includes("GET")) problems.push(`${entry.pattern}: cacheable but has no GET`);
    if (entry.front && entry.kind !== "endpoint") problems.push(`${entry.pattern}: the front answers endpoints only, not pages`);
  }
  const seen = new Set<string>();
  for (const route of files) {
    if (seen.has(route.pattern)) problems.push(`${route.pattern}: more than one file under src/pages answers it (src/pages/${route.file})`);
    seen.add(route.pattern);
    const entry = listed.get(route.pattern);
    if (!entry) {
      problems.push(`${route.pattern}: src/pages/${route.file} is not in the route manifest (src/server/routes.ts)`);
      continue;
    }
    if (entry.kind !== route.kind)
      problems.push(`${route.pattern}: the manifest says ${entry.kind}, src/pages/${route.file} is ${route.kind === "page" ? "a page" : "an endpoint"}`);
    const want = [...entry.methods].sort().join(", ");
    const have = route.methods.join(", ");
    if (want !== have) problems.push(`${route.pattern}: the manifest lists ${want || "no method"}, src/pages/${route.file} exports ${have || "none"}`);
  }
  for (const entry of manifest) if (!seen.has(entry.pattern)) problems.push(`${entry.pattern}: in the route manifest but no file under src/pages answers it`);
  return problems;
}
