import { CLIENT_IP_HEADER } from "#adapters/auth/better-auth.ts";
import { resignCookies } from "#adapters/auth/resign-cookies.ts";
import { currentRequestContext, currentRequestId, requestContextFrom, withRequestContext } from "#adapters/log/request-context.ts";
import type { SigningSecrets } from "#adapters/auth/shared-secret.ts";
import { newVisitorId, readCookie, verifyVisitorCookie, VISITOR_COOKIE, visitorSetCookie } from "#adapters/auth/visitor-cookie.ts";
import { crossOrigin } from "#domain/accounts/accounts.errors.ts";
import type { SessionUser } from "#domain/accounts/user.ts";
import type { App } from "./app.ts";
import { DEFAULT_RETRY_AFTER_SECONDS, toErrorResponse } from "./http-errors.ts";
import { readSessionUser } from "./session.ts";
import { referralCookieForVisit } from "./referral-cookie.ts";
import { methodRefusalResponse, refuseUnknownMethod } from "./methods.ts";
import { hasSessionCookie } from "./session-cookie.ts";
import { isCataloguePath } from "./catalogue-cache.ts";
import { ROUTES, type RouteEntry } from "./routes.ts";
import { matchRoute } from "./route-matcher.ts";

export const SECURITY_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
};

/** Sent only when the shop's public origin is https: browsers then refuse plain http for a year. */
export const HSTS_HEADER = "max-age=31536000; includeSubDomains";

/** Whether cookies must be Secure and HSTS sent: the shop is served over TLS (possibly by a proxy in front). */
export function servedOverTls(publicUrl: string, url?: URL): boolean {
  return publicUrl.startsWith("https://") || url?.protocol === "https:";
}

/**
 * Pages that show one person's own data (`personal` in the route manifest, src/server/routes.ts):
 * never kept by a browser's or a proxy's cache. Any other page rendered for a signed-in shopper is
 * treated the same way, except the pages that are the same HTML for everyone (the page cache's,
 * src/server/catalogue-cache.ts): see personalPage.
 */
const PERSONAL_PATHS: readonly string[] = ROUTES.filter((route: RouteEntry) => route.personal).map((route) => route.pattern);

/** True for a page answer that must carry Cache-Control: no-store. */
export function personalPage(pathname: string, signedIn: boolean): boolean {
  if (PERSONAL_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return true;
  return signedIn && !isCataloguePath(pathname);
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Who is asking, known to every route through Astro.locals. */
export interface RequestState {
  /** The guest's id from the signed visitor cookie (new visitors get one). */
  visitorId: string;
  /** True when the request carried no valid visitor cookie: visitorId was made for this response. */
  newVisitor: boolean;
  /** The client's address: the socket's, or the proxy's X-Forwarded-For when TRUST_PROXY is on. */
  clientIp: string;
  /** The signed-in user, read from the session at most once per request; null for guests. */
  currentUser(): Promise<SessionUser | null>;
}

/**
 * What every request goes through, outside of Astro so integration tests run the same steps:
 * refusing cross-site writes, the visitor cookie, the session, security headers and one JSON log
 * line (method, path, status, duration). Query strings are not logged: they can carry emails and
 * search text.
 */
export async function handleRequest(request: Request, app: App, socketAddress: string, next: (state: RequestState) => Promise<Response>): Promise<Response> {
  // The front (src/server/front.ts) has given the request its id already; tests and `astro dev` come here first.
  const requestId = currentRequestId();
  if (requestId === undefined) {
    const context = requestContextFrom(request.headers.get("traceparent"));
    return withRequestContext(context, async () => withRequestIdHeader(await handleRequest(request, app, socketAddress, next), context.requestId));
  }
  const started = performance.now();
  const url = new URL(request.url);
  const { visitorId, newVisitor, resigned: visitorResigned } = visitorOf(request.headers.get("cookie"), app.secrets);
  // Cookies signed with a previous secret (a rotation's grace period) reach better-auth and the
  // routes signed with the current one: better-auth verifies with one secret only.
  const resigned = resignCookies(request.headers.get("cookie"), app.secrets);
  if (resigned !== null) request.headers.set("cookie", resigned);
  let user: Promise<SessionUser | null> | undefined;
  const state: RequestState = {
    visitorId,
    newVisitor,
    clientIp: clientIp(request.headers.get("x-forwarded-for"), socketAddress, app.config.trustProxy),
    currentUser: () => (user ??= readSessionUser(app, request.headers)),
  };

  let response: Response;
  try {
    // Pages' own GET-only rule is the front's and the middleware's: they know a page from a route.
    const refusal = refuseUnknownMethod(request.method);
    if (refusal) response = methodRefusalResponse(refusal);
    else if (!SAFE_METHODS.has(request.method) && isCrossSite(request, url, app.config.publicUrl)) throw crossOrigin();
    else response = await next(state);
  } catch (error) {
    response = toErrorResponse(error, app.log);
  }

  response = withHeaders(response, (headers) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!headers.has(name)) headers.set(name, value);
    // Whatever answered 429 (better-auth's own limiter through /api/auth/*, say) says when to come back.
    if (response.status === 429 && !headers.has("retry-after")) headers.set("retry-after", headers.get("x-retry-after") ?? String(DEFAULT_RETRY_AFTER_SECONDS));
    const tls = servedOverTls(app.config.publicUrl, url);
    if (tls && !headers.has("strict-transport-security")) headers.set("strict-transport-security", HSTS_HEADER);
    if (
      !headers.has("cache-control") &&
      (headers.get("content-type") ?? "").startsWith("text/html") &&
      personalPage(url.pathname, hasSessionCookie(request.headers.get("cookie")))
    ) {
      headers.set("cache-control", "private, no-store");
    }
    if (newVisitor || visitorResigned) headers.append("set-cookie", visitorSetCookie(visitorId, app.secret, tls));
    const referral = referralCookieForVisit(request, url, tls);
    if (referral) headers.append("set-cookie", referral);
  });
  logRequest(app, request.method, url.pathname, response.status, started, response.headers.get("x-cache") ?? undefined);
  return response;
}

/**
 * The visitor of a Cookie header: its signed visitor id, or a new one (newVisitor: set the cookie).
 * A cookie signed with a previous secret still in its grace period keeps its id and is signed
 * again (resigned: set the cookie), so guests keep their carts through a secret rotation.
 */
export function visitorOf(cookieHeader: string | null | undefined, secrets: SigningSecrets): { visitorId: string; newVisitor: boolean; resigned: boolean } {
  const cookie = readCookie(cookieHeader ?? null, VISITOR_COOKIE);
  const known = verifyVisitorCookie(cookie, secrets.current);
  if (known) return { visitorId: known, newVisitor: false, resigned: false };
  for (const old of secrets.previous) {
    const id = verifyVisitorCookie(cookie, old);
    if (id) return { visitorId: id, newVisitor: false, resigned: true };
  }
  return { visitorId: newVisitorId(), newVisitor: true, resigned: false };
}

/** The answer with X-Request-Id, the id every log line of the request carries (for a support ticket or a trace). */
function withRequestIdHeader(response: Response, requestId: string): Response {
  try {
    response.headers.set("x-request-id", requestId);
    return response;
  } catch {
    // Immutable headers (a fetched Response passed through): a copy with the header.
    const headers = new Headers(response.headers);
    headers.set("x-request-id", requestId);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/** The request's log line: method, path, status and duration since `started` (performance.now()). */
export function logRequest(app: App, method: string, path: string, status: number, started: number, cache?: string): void {
  const ms = performance.now() - started;
  // A parent's payment link is its token: the log keeps the route, never the token.
  const logged = path.replace(/^(\/(?:api\/)?pay\/)[^/]+/, "$1[token]");
  app.log.info({ method, path: logged, status, durationMs: Math.round(ms * 10) / 10 }, "request");
  // Labelled by the manifest's pattern ("/api/orders/[id]"), never the URL: a bounded set of series.
  const route = matchRoute(path)?.route.pattern ?? "unmatched";
  app.metrics?.recordRequest({ method, route, status, seconds: ms / 1000, cache });
  // The same trace id as the log lines (the request id); named by the pattern too, never the URL.
  const request = currentRequestContext();
  if (app.tracing && request) app.tracing.recordRequest({ method, route, status, seconds: ms / 1000, request, cache });
}

/**
 * A write is refused when the browser says it comes from another site: an Origin that is neither
 * this request's own origin nor PUBLIC_URL, or Sec-Fetch-Site: cross-site. Clients that send
 * neither header (curl, server-to-server) are not browsers riding on a shopper's cookies.
 */
export function isCrossSite(request: Request, url: URL, publicUrl: string): boolean {
  return crossSiteHeaders(request.headers.get("sec-fetch-site"), request.headers.get("origin"), url.origin, publicUrl);
}

/** isCrossSite on the header values themselves (the front's page-view path has no Request). */
export function crossSiteHeaders(secFetchSite: string | null | undefined, origin: string | null | undefined, ownOrigin: string, publicUrl: string): boolean {
  if (secFetchSite === "cross-site") return true;
  if (!origin) return false;
  return origin !== ownOrigin && origin !== new URL(publicUrl).origin;
}

/** The client's address: the socket's, or with TRUST_PROXY the last X-Forwarded-For entry. */
export function clientIp(forwardedFor: string | null | undefined, socketAddress: string, trustProxy: boolean): string {
  if (trustProxy) {
    // Our own proxy appends the address it saw last; anything before it may be forged.
    const forwarded = forwardedFor?.split(",").pop()?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress || "unknown";
}

/** Applies header changes, copying the response when its headers are immutable (e.g. Response.redirect). */
function withHeaders(response: Response, change: (headers: Headers) => void): Response {
  try {
    change(response.headers);
    return response;
  } catch {
    const copy = new Response(response.body, { status: response.status, statusText: response.statusText, headers: new Headers(response.headers) });
    change(copy.headers);
    return copy;
  }
}

export { CLIENT_IP_HEADER };
