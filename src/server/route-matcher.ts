import { ROUTES, type RouteEntry } from "./routes.ts";

/** A manifest entry matched against a path: the entry and its raw (still percent-encoded) parameters. */
export interface RouteMatch<E extends RouteEntry = RouteEntry> {
  route: E;
  params: Record<string, string>;
}

export interface RouteMatcher<E extends RouteEntry = RouteEntry> {
  /** The route Astro would pick for this path (its priority rules), or null when no file route matches. */
  match(pathname: string): RouteMatch<E> | null;
}

interface Compiled<E> {
  route: E;
  regex: RegExp;
  names: string[];
  ranks: number[];
}

// A segment's rank in Astro's priority: a static segment beats one with a parameter in it
// (`[size].png`), which beats a whole-segment parameter, which beats a rest parameter.
const STATIC = 0;
const MIXED = 1;
const PARAM = 2;
const REST = 3;

/**
 * Compiles the patterns once. Pages match with or without a trailing slash (Astro's default);
 * endpoints only without one, as the front and the page cache always matched them.
 */
export function createRouteMatcher<E extends RouteEntry>(routes: readonly E[]): RouteMatcher<E> {
  const exact = new Map<string, E>();
  const dynamic: Compiled<E>[] = [];
  for (const route of routes) {
    if (!route.pattern.includes("[")) {
      exact.set(route.pattern, route);
      if (route.kind === "page" && route.pattern !== "/") exact.set(`${route.pattern}/`, route);
    } else dynamic.push(compile(route));
  }
  dynamic.sort(byPriority);
  return {
    match(pathname) {
      // A static route that names the path exactly always wins: one lookup for the hot paths.
      const found = exact.get(pathname);
      if (found) return { route: found, params: {} };
      for (const candidate of dynamic) {
        const hit = candidate.regex.exec(pathname);
        if (!hit) continue;
        const params: Record<string, string> = {};
        candidate.names.forEach((name, i) => {
          const value = hit[i + 1];
          if (value !== undefined) params[name] = value;
        });
        return { route: candidate.route, params };
      }
      return null;
    },
  };
}

function compile<E extends RouteEntry>(route: E): Compiled<E> {
  const names: string[] = [];
  const ranks: number[] = [];
  let source = "";
  for (const segment of route.pattern.split("/").slice(1)) {
    const rest = /^\[\.\.\.(\w+)\]$/.exec(segment);
    if (rest) {
      // A rest parameter takes any number of segments, none included (`/api` matches `/api/[...path]`).
      names.push(rest[1]!);
      ranks.push(REST);
      source += "(?:/(.*))?";
      continue;
    }
    let part = "";
    let params = 0;
    for (const piece of segment.split(/(\[\w+\])/)) {
      const param = /^\[(\w+)\]$/.exec(piece);
      if (param) {
        names.push(param[1]!);
        params++;
        part += "([^/]+?)";
      } else part += escape(piece);
    }
    ranks.push(params === 0 ? STATIC : part === "([^/]+?)" ? PARAM : MIXED);
    source += `/${part}`;
  }
  const slash = route.kind === "page" ? "/?" : "";
  return { route, regex: new RegExp(`^${source}${slash}$`), names, ranks };
}

function byPriority(a: Compiled<unknown>, b: Compiled<unknown>): number {
  const length = Math.min(a.ranks.length, b.ranks.length);
  for (let i = 0; i < length; i++) if (a.ranks[i] !== b.ranks[i]) return a.ranks[i]! - b.ranks[i]!;
  // More segments are more specific.
  return b.ranks.length - a.ranks.length;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const manifest: RouteMatcher = createRouteMatcher<RouteEntry>(ROUTES);

/** The manifest route that answers this path (compiled once for the process), or null. */
export function matchRoute(pathname: string): RouteMatch | null {
  return manifest.match(pathname);
}
