import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { RouteHandler } from "./http.ts";
import type { RouteEntry, RouteMethod } from "./routes.ts";

/** What an endpoint file under src/pages exports: a handler per method. */
export type RouteModule = Partial<Record<RouteMethod, RouteHandler>>;

const PAGES = new URL("../pages/", import.meta.url);
// Beside this module's source the route files are .ts; beside its compiled copy (dist/app, build/server-build.mjs), .js.
const COMPILED = import.meta.url.endsWith(".js");

/**
 * The files Astro may build an endpoint's route from, as the route manifest names it (the reverse
 * of scripts/file-routes.ts's patternOfFile): `/api/games` is `api/games.ts` or `api/games/index.ts`.
 */
export function endpointFiles(pattern: string): string[] {
  const path = pattern.replace(/^\//, "");
  return path === "" ? ["index.ts"] : [`${path}.ts`, `${path}/index.ts`];
}

/**
 * The route module of a manifest entry, loaded by Node from its file under src/pages. This is how
 * the fast front finds its handlers through the manifest (src/server/routes.ts) without any file of
 * src/server importing a route file (dependency-cruiser's server-not-pages): the manifest is the one
 * list, and the file is found from its pattern as Astro finds it.
 */
export async function loadRouteModule(entry: Pick<RouteEntry, "pattern" | "kind">): Promise<RouteModule> {
  if (entry.kind !== "endpoint") throw new Error(`${entry.pattern}: a page has no route module to load`);
  const file = endpointFiles(entry.pattern)
    .map((candidate) => new URL(COMPILED ? candidate.replace(/\.ts$/, ".js") : candidate, PAGES))
    .find((url) => existsSync(fileURLToPath(url)));
  if (!file) throw new Error(`${entry.pattern}: no file under src/pages answers it (${endpointFiles(entry.pattern).join(" or ")})`);
  return (await import(/* @vite-ignore */ file.href)) as RouteModule;
}
