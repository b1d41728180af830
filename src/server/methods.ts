/**
 * Which request methods the store answers at all, decided before any routing: pages are read with
 * GET and HEAD only, and a method outside HTTP's standard set (PROPFIND, or TRACE and CONNECT, which
 * fetch's Request cannot even represent) must never reach a renderer or end in a 500.
 */
const STANDARD_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const KNOWN_BUT_REFUSED = new Set(["TRACE", "CONNECT"]);
const PAGE_METHODS = "GET, HEAD";

/** Paths whose files are JSON endpoints (their own methods decide, see answerWrongMethod): the API and each payment provider's calls. */
export function isApiPath(pathname: string): boolean {
  return pathname.startsWith("/api/") || pathname === "/api" || pathname.startsWith("/paypal/") || pathname.startsWith("/stripe/");
}

export interface MethodRefusal {
  status: 405 | 501;
  allow: string | null;
  message: string;
}

/** TRACE, CONNECT and methods outside HTTP's standard set, wherever they are sent; else null. */
export function refuseUnknownMethod(method: string): MethodRefusal | null {
  const upper = method.toUpperCase();
  if (KNOWN_BUT_REFUSED.has(upper)) return { status: 405, allow: null, message: `${upper} is not allowed here` };
  if (!STANDARD_METHODS.has(upper)) return { status: 501, allow: null, message: `The method ${upper} is not supported` };
  return null;
}

/** Null when the method may go on to routing; otherwise the answer to give instead. */
export function refuseMethod(method: string, pathname: string): MethodRefusal | null {
  const upper = method.toUpperCase();
  const api = isApiPath(pathname);
  const unknown = refuseUnknownMethod(upper);
  if (unknown) return api || unknown.status !== 405 ? unknown : { ...unknown, allow: PAGE_METHODS };
  if (!api && upper !== "GET" && upper !== "HEAD" && upper !== "OPTIONS") {
    return { status: 405, allow: PAGE_METHODS, message: `${upper} is not allowed on a page` };
  }
  return null;
}

/** The refusal as the HTTP contract's JSON error. */
export function methodRefusalResponse(refusal: MethodRefusal): Response {
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };
  if (refusal.allow) headers["allow"] = refusal.allow;
  return new Response(JSON.stringify({ error: refusal.message }), { status: refusal.status, headers });
}

const ROUTE_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/** The Allow header of a route module: the methods it exports (HEAD with GET). */
export function allowedMethods(routeModule: Record<string, unknown>): string[] {
  const allowed = ROUTE_METHODS.filter((m) => typeof routeModule[m] === "function" || typeof routeModule["ALL"] === "function");
  if (allowed.includes("GET") && !allowed.includes("HEAD")) allowed.splice(1, 0, "HEAD");
  return allowed;
}

/** JSON 405 for an API route that exists but does not answer this method. */
export function wrongMethodResponse(method: string, allow: readonly string[]): Response {
  return methodRefusalResponse({ status: 405, allow: allow.join(", "), message: `${method.toUpperCase()} is not allowed here; use ${allow.join(" or ")}` });
}
