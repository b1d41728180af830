import { resignCookies } from "#adapters/auth/resign-cookies.ts";
import { currentRequestContext, requestContextFrom, withRequestContext } from "#adapters/log/request-context.ts";
import type { SigningSecrets } from "#adapters/auth/shared-secret.ts";
import { newVisitorId, readCookie, verifyVisitorCookie, VISITOR_COOKIE, visitorSetCookie } from "#adapters/auth/visitor-cookie.ts";
import type { App } from "./app.ts";
import { DEFAULT_RETRY_AFTER_SECONDS } from "./http-errors.ts";
import { referralCookieForVisit } from "./referral-cookie.ts";
import { hasSessionCookie } from "./session-cookie.ts";
import { isCataloguePath } from "./catalogue-cache.ts";
import { ROUTES, type RouteEntry } from "./routes.ts";
import { matchRoute } from "./route-matcher.ts";

/**
 * The steps every request goes through, each written once here. Two entrances run them: the
 * request pipeline on a fetch Request (request-pipeline.ts: Astro's pages and routes, the front's
 * fast routes, the integration tests) and on node's own request and response (node-pipeline.ts:
 * the node answers and the kept pages). The front (front.ts) runs the two that come before any
 * routing for both: the request id and the refusal of methods.
 */

export const SECURITY_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
};

/** Sent only when the shop is served over TLS: browsers then refuse plain http for a year. */
export const HSTS_HEADER = "max-age=31536000; includeSubDomains";

/** Whether cookies must be Secure and HSTS sent: the shop is served over TLS (possibly by a proxy in front). */
export function servedOverTls(publicUrl: string, url?: URL): boolean {
  return publicUrl.startsWith("https://") || url?.protocol === "https:";
}

/** Step: the request id. Runs `work` in the request's context: the trace id of its traceparent or a new one, on every log line it causes. */
export function inRequestContext<T>(traceparent: string | null | undefined, work: (requestId: string) => T): T {
  const context = requestContextFrom(traceparent);
  return withRequestContext(context, () => work(context.requestId));
}

/** What the steps read of a request, from a fetch Request or node's own request alike. */
export interface Arrival {
  method: string;
  /** The path, without its query string. */
  path: string;
  /** The query string without its "?" ("" for none): a `?ref=` visit's referral cookie. */
  query: string;
  cookie: string | null;
  /** Came over TLS: an encrypted socket, or an https URL. */
  secure: boolean;
  forwardedFor: string | null;
  socketAddress: string;
}

/** Who is asking, as the steps found them (the session is read later, when asked). */
export interface Visit {
  /** performance.now() when the request arrived: the log line's duration. */
  started: number;
  visitorId: string;
  /** True when the request carried no valid visitor cookie: visitorId was made for this response. */
  newVisitor: boolean;
  /** The visitor cookie goes out with the answer: a new visitor, or one signed with a previous secret. */
  visitorCookieDue: boolean;
  /** The Cookie header as the session and the routes read it: signed again when it carried cookies of a previous secret. */
  cookie: string | null;
  /** True when cookies of a previous secret were signed again (cookie differs from the request's). */
  resigned: boolean;
  /** Secure cookies and HSTS: PUBLIC_URL is https or the request came over TLS. */
  tls: boolean;
  clientIp: string;
}

/** Step: the visitor cookie, the cookies of a previous secret signed again, the client's address. */
export function arrive(app: App, arrival: Arrival): Visit {
  const started = performance.now();
  const visitor = visitorOf(arrival.cookie, app.secrets);
  // Cookies signed with a previous secret (a rotation's grace period) reach better-auth and the
  // routes signed with the current one: better-auth verifies with one secret only.
  const resignedCookie = resignCookies(arrival.cookie, app.secrets);
  return {
    started,
    visitorId: visitor.visitorId,
    newVisitor: visitor.newVisitor,
    visitorCookieDue: visitor.newVisitor || visitor.resigned,
    cookie: resignedCookie ?? arrival.cookie,
    resigned: resignedCookie !== null,
    tls: arrival.secure || servedOverTls(app.config.publicUrl),
    clientIp: clientIp(arrival.forwardedFor, arrival.socketAddress, app.config.trustProxy),
  };
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

/** The client's address: the socket's, or with TRUST_PROXY the last X-Forwarded-For entry. */
export function clientIp(forwardedFor: string | null | undefined, socketAddress: string, trustProxy: boolean): string {
  if (trustProxy) {
    // Our own proxy appends the address it saw last; anything before it may be forged.
    const forwarded = forwardedFor?.split(",").pop()?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress || "unknown";
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Step: a write is refused when the browser says it comes from another site: an Origin that is
 * neither this request's own origin nor PUBLIC_URL, or Sec-Fetch-Site: cross-site. Clients that
 * send neither header (curl, server-to-server) are not browsers riding on a shopper's cookies.
 */
export function crossSiteWrite(
  method: string,
  secFetchSite: string | null | undefined,
  origin: string | null | undefined,
  ownOrigin: string,
  publicUrl: string,
): boolean {
  if (SAFE_METHODS.has(method)) return false;
  if (secFetchSite === "cross-site") return true;
  if (!origin) return false;
  return origin !== ownOrigin && origin !== new URL(publicUrl).origin;
}

/** The headers of an answer as the steps change them: a fetch Response's Headers, or node's header object (nodeHeaders). */
export interface AnswerHeaders {
  has(name: string): boolean;
  get(name: string): string | null;
  set(name: string, value: string): void;
  append(name: string, value: string): void;
}

/** Step: what every answer carries, files and refusals included: the security headers, and HSTS over TLS. */
export function secureHeaders(headers: AnswerHeaders, tls: boolean): void {
  for (const name in SECURITY_HEADERS) if (!headers.has(name)) headers.set(name, SECURITY_HEADERS[name]!);
  if (tls && !headers.has("strict-transport-security")) headers.set("strict-transport-security", HSTS_HEADER);
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

/**
 * Step: the answer's headers for this visit: the security headers and HSTS, when to come back
 * after a 429, no-store on a personal page, the visitor cookie and a `?ref=` visit's referral cookie.
 */
export function finishAnswer(app: App, arrival: Arrival, visit: Visit, status: number, headers: AnswerHeaders): void {
  secureHeaders(headers, visit.tls);
  // Whatever answered 429 (better-auth's own limiter through /api/auth/*, say) says when to come back.
  if (status === 429 && !headers.has("retry-after")) headers.set("retry-after", headers.get("x-retry-after") ?? String(DEFAULT_RETRY_AFTER_SECONDS));
  if (
    !headers.has("cache-control") &&
    (headers.get("content-type") ?? "").startsWith("text/html") &&
    personalPage(arrival.path, hasSessionCookie(visit.cookie))
  ) {
    headers.set("cache-control", "private, no-store");
  }
  if (visit.visitorCookieDue) headers.append("set-cookie", visitorSetCookie(visit.visitorId, app.secret, visit.tls));
  const referral = arrival.query === "" ? null : referralCookieForVisit(arrival.method, new URLSearchParams(arrival.query), visit.tls);
  if (referral) headers.append("set-cookie", referral);
}

/** Step: the request's log line (method, path, status, duration since `started`), its metric and its trace span. Query strings are not logged: they can carry emails and search text. */
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
