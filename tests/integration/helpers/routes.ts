import { pathToFileURL } from "node:url";
import { PAGES_DIR, readFileRoutes } from "#scripts/file-routes.ts";
import type { RouteHandler } from "#server/http.ts";
import { matchRoute } from "#server/route-matcher.ts";
import { ROUTES, type RouteEntry, type RouteMethod } from "#server/routes.ts";

/**
 * Paths that stand for "whichever path the handler's route has": tests that care only about the
 * parameters, or about the guard in front of many routes, write
 * `call(productById.PATCH, "/x", { params: { id } })`. The handler's route is then checked instead.
 */
const STAND_INS = new Set(["/x", "/api/x", "/api/admin/x"]);

/** The unknown-API catch-all: a test's own handler (the pipeline's tests) may be called under it. */
const CATCH_ALL = "/api/[...path]";

interface HandlerRoute {
  route: RouteEntry;
  method: RouteMethod;
}

let handlers: Promise<Map<RouteHandler, HandlerRoute>> | undefined;

/**
 * The manifest route and method of every handler an endpoint file under src/pages exports, read
 * once per test file (the modules are the ones the tests import, so nothing is loaded twice).
 */
function handlerRoutes(): Promise<Map<RouteHandler, HandlerRoute>> {
  handlers ??= (async () => {
    const found = new Map<RouteHandler, HandlerRoute>();
    for (const file of readFileRoutes()) {
      if (file.kind !== "endpoint") continue;
      const route = ROUTES.find((entry) => entry.pattern === file.pattern);
      if (!route) continue;
      const module = (await import(pathToFileURL(PAGES_DIR + file.file).href)) as Record<string, unknown>;
      for (const method of route.methods) {
        const handler = module[method];
        if (typeof handler === "function") found.set(handler as RouteHandler, { route, method });
      }
    }
    return found;
  })();
  return handlers;
}

/**
 * Refuses a call the server could never route. The path must be one the route manifest
 * (src/server/routes.ts) routes to the handler's own file, with the parameters the test passes; or a
 * stand-in (STAND_INS), with the parameter names of the handler's route; or a page's path (a page is
 * not a route module: the handler stands in for its rendering, for the pipeline's page rules). A
 * test's own handler (not exported by any file under src/pages) may only take a path no file route
 * answers but the unknown-API catch-all. A renamed or removed route, or a handler called under
 * another route's path, fails here with the reason.
 */
export async function checkRouteCall(handler: RouteHandler, path: string, params: Record<string, string> | undefined): Promise<void> {
  const own = (await handlerRoutes()).get(handler);
  // The path as written, not normalised: attack tests send `..` segments on purpose.
  const pathname = path.split(/[?#]/, 1)[0]!;
  const found = STAND_INS.has(pathname) ? null : matchRoute(pathname);
  if (!own) {
    if (found && found.route.kind === "endpoint" && found.route.pattern !== CATCH_ALL) {
      throw new Error(`call(${path}): the manifest routes this path to ${found.route.pattern}, but the handler is not one that src/pages/ exports for it`);
    }
    return;
  }
  const name = `${own.method} ${own.route.pattern}`;
  if (STAND_INS.has(pathname)) {
    const names = [...own.route.pattern.matchAll(/\[(?:\.\.\.)?(\w+)\]/g)].map((m) => m[1]!).sort();
    const given = Object.keys(params ?? {}).sort();
    if (names.join() !== given.join())
      throw new Error(`call(${path}) of ${name}: the route's parameters are [${names.join(", ")}], the test passes [${given.join(", ")}]`);
    return;
  }
  if (!found) throw new Error(`call(${path}): no route in the manifest (src/server/routes.ts) matches this path; the handler is ${name}`);
  if (found.route.kind === "page") return;
  if (found.route.pattern !== own.route.pattern)
    throw new Error(`call(${path}): the manifest routes this path to ${found.route.pattern}, but the handler is ${name}`);
  // A parameter written as `x` in the path stands for the one the test passes; otherwise they must
  // be the same, as written or decoded (attack tests pass encoded values on purpose).
  const given = params ?? {};
  for (const [param, value] of Object.entries(found.params)) {
    if (value === "x" || !(param in given)) continue;
    if (given[param] !== value && given[param] !== safeDecode(value))
      throw new Error(`call(${path}): ${own.route.pattern} gives ${param} "${value}", the test passes "${given[param]}"`);
  }
  const extra = Object.keys(given).filter(
    (param) => !(param in found.params) && !own.route.pattern.includes(`[${param}]`) && !own.route.pattern.includes(`[...${param}]`),
  );
  if (extra.length) throw new Error(`call(${path}): ${own.route.pattern} has no parameter ${extra.join(", ")}`);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
