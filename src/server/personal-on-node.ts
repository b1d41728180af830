import type { IncomingMessage, ServerResponse } from "node:http";
import { resignCookies } from "#adapters/auth/resign-cookies.ts";
import { visitorSetCookie } from "#adapters/auth/visitor-cookie.ts";
import { shopperOf, type Shopper } from "#domain/shared/shopper.ts";
import type { SessionUser } from "#domain/accounts/user.ts";
import { cartOf } from "#read-models/shopping/cart.queries.ts";
import type { App } from "./app.ts";
import { userJson } from "./auth-bridge.ts";
import { toErrorResponse } from "./http-errors.ts";
import { HSTS_HEADER, logRequest, SECURITY_HEADERS, servedOverTls, visitorOf } from "./request-pipeline.ts";
import type { RoutePattern } from "./routes.ts";
import { readSessionUserOfCookie } from "./session.ts";

/**
 * GET /api/auth/session and GET /api/cart: every signed-in page view's islands ask for both (issue
 * 33). One definition with two entrances, as for page views (page-view.ts): the answers below are
 * what the route modules (src/pages/api/auth/session.ts, src/pages/api/cart/index.ts) return, and
 * `answerPersonalOnNode` gives the same answers on node's own request and response, for the
 * front: building a fetch Request, its Headers and a Response around a 200-byte JSON answer, and
 * reading them back, cost more than reading the session and the cart (docs/benchmarks.md).
 * The session is read on every request, uncached, exactly as on the general path
 * (readSessionUserOfCookie): a session ended anywhere is not found by the very next request.
 */
export function sessionAnswer(user: SessionUser | null) {
  return { authenticated: user !== null, user: user ? userJson(user) : null };
}

export function cartAnswer(app: App, shopper: Shopper) {
  return cartOf(app.db, shopper, app.clock.now());
}

const ANSWERS = {
  "/api/auth/session": async (_app: App, user: () => Promise<SessionUser | null>) => sessionAnswer(await user()),
  "/api/cart": async (app: App, user: () => Promise<SessionUser | null>, visitorId: string) =>
    cartAnswer(app, shopperOf((await user())?.id ?? null, visitorId)),
} satisfies Partial<Record<RoutePattern, unknown>>;

export type PersonalPattern = keyof typeof ANSWERS;

/**
 * The request pipeline's steps for these GETs (handleRequest: the visitor cookie, the session, the
 * security headers, the log line), made with its own functions on node's request. A GET is never
 * refused as cross-site, and these routes have no parameters. Returns false (nothing answered) for
 * what the general path must see: a query string (a ?ref= visit sets the referral cookie there) and
 * cookies signed with a previous secret during a rotation (the pipeline signs them again).
 */
export function answerPersonalOnNode(app: App, req: IncomingMessage, res: ServerResponse, pattern: PersonalPattern): boolean {
  if (req.method !== "GET" || req.url !== pattern) return false;
  const steps = pipelineOnNode(app, req);
  if (!steps) return false;
  const headers = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...steps.headers };
  const write = (status: number, body: string, extra: Record<string, string> = {}) => {
    res.writeHead(status, { ...headers, ...extra, "content-length": String(Buffer.byteLength(body)) }).end(body);
    logRequest(app, "GET", pattern, status, steps.started);
  };
  ANSWERS[pattern](app, steps.user, steps.visitorId)
    .then((answer) => write(200, JSON.stringify(answer)))
    .catch(async (error: unknown) => {
      const { status, body, headers: extra } = await errorAnswer(app, error);
      write(status, body, extra);
    })
    .catch(() => res.destroy());
  return true;
}

/** What handleRequest does before a GET's route runs, on node's request. */
export interface NodePipelineSteps {
  started: number;
  visitorId: string;
  /** The security headers, HSTS over TLS, and the visitor cookie of a new visitor (or one signed again). */
  headers: Record<string, string>;
  /** The session's person, read when asked (uncached, like readSessionUser). */
  user: () => Promise<SessionUser | null>;
  /** The Cookie header as the session is read from it (signed again during a rotation). */
  cookie: string | null;
}

/**
 * Null for cookies signed with a previous secret during a rotation, unless `resign`: then they are
 * read as handleRequest reads them, signed again with the current secret.
 */
export function pipelineOnNode(app: App, req: IncomingMessage, options: { resign: true }): NodePipelineSteps;
export function pipelineOnNode(app: App, req: IncomingMessage, options?: { resign?: boolean }): NodePipelineSteps | null;
export function pipelineOnNode(app: App, req: IncomingMessage, options: { resign?: boolean } = {}): NodePipelineSteps | null {
  let cookie = req.headers.cookie;
  const resigned = resignCookies(cookie, app.secrets);
  if (resigned !== null) {
    if (!options.resign) return null;
    cookie = resigned;
  }
  const started = performance.now();
  const tls = ("encrypted" in req.socket && req.socket.encrypted === true) || servedOverTls(app.config.publicUrl);
  const visitor = visitorOf(req.headers.cookie, app.secrets);
  const headers: Record<string, string> = { ...SECURITY_HEADERS };
  if (tls) headers["strict-transport-security"] = HSTS_HEADER;
  if (visitor.newVisitor || visitor.resigned) headers["set-cookie"] = visitorSetCookie(visitor.visitorId, app.secret, tls);
  // better-auth's own read (an expired session, a refresh due) takes the request's headers: made only then.
  const user = () => readSessionUserOfCookie(app, cookie ?? null, () => headersOf(req, cookie));
  return { started, visitorId: visitor.visitorId, headers, user, cookie: cookie ?? null };
}

/** An error as the API answers it (toErrorResponse), read back into a status, a body and headers. */
export async function errorAnswer(app: App, error: unknown): Promise<{ status: number; body: string; headers: Record<string, string> }> {
  const response = toErrorResponse(error, app.log);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  return { status: response.status, body: await response.text(), headers };
}

function headersOf(req: IncomingMessage, cookie: string | undefined): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  // HTTP/2 pseudo-headers (":authority") are not valid header names for fetch's Headers.
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.charCodeAt(0) !== 58 && raw[i]!.toLowerCase() !== "cookie") headers.append(raw[i]!, raw[i + 1]!);
  if (cookie !== undefined) headers.set("cookie", cookie);
  return headers;
}
