import { currentRequestId } from "#adapters/log/request-context.ts";
import { crossOrigin } from "#domain/accounts/accounts.errors.ts";
import type { SessionUser } from "#domain/accounts/user.ts";
import type { App } from "./app.ts";
import { toErrorResponse } from "./http-errors.ts";
import { readSessionUser } from "./session.ts";
import { arrive, crossSiteWrite, finishAnswer, inRequestContext, logRequest, type AnswerHeaders, type Arrival } from "./pipeline-steps.ts";

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
 * The request pipeline on a fetch Request (pipeline-steps.ts holds the steps): Astro's pages and
 * routes through the middleware, the front's fast routes, and the integration tests, which so run
 * the same steps: the visitor cookie, refusing cross-site writes, the session, the answer's headers,
 * errors as the one error map answers them, and one log line. Methods were refused by the front
 * before any routing.
 */
export async function handleRequest(request: Request, app: App, socketAddress: string, next: (state: RequestState) => Promise<Response>): Promise<Response> {
  // The front (src/server/front.ts) has given the request its id already; tests come here first.
  if (currentRequestId() === undefined) {
    return inRequestContext(request.headers.get("traceparent"), async (requestId) =>
      withRequestIdHeader(await handleRequest(request, app, socketAddress, next), requestId),
    );
  }
  const url = new URL(request.url);
  const arrival: Arrival = {
    method: request.method,
    path: url.pathname,
    query: url.search.slice(1),
    cookie: request.headers.get("cookie"),
    secure: url.protocol === "https:",
    forwardedFor: request.headers.get("x-forwarded-for"),
    socketAddress,
  };
  const visit = arrive(app, arrival);
  if (visit.resigned) request.headers.set("cookie", visit.cookie!);
  let user: Promise<SessionUser | null> | undefined;
  const state: RequestState = {
    visitorId: visit.visitorId,
    newVisitor: visit.newVisitor,
    clientIp: visit.clientIp,
    currentUser: () => (user ??= readSessionUser(app, request.headers)),
  };

  let response: Response;
  try {
    if (crossSiteWrite(request.method, request.headers.get("sec-fetch-site"), request.headers.get("origin"), url.origin, app.config.publicUrl))
      throw crossOrigin();
    response = await next(state);
  } catch (error) {
    response = toErrorResponse(error, app.log);
  }
  response = withHeaders(response, (headers) => finishAnswer(app, arrival, visit, response.status, headers));
  logRequest(app, request.method, url.pathname, response.status, visit.started, response.headers.get("x-cache") ?? undefined);
  return response;
}

/** The answer with X-Request-Id, the id every log line of the request carries (for a support ticket or a trace). */
function withRequestIdHeader(response: Response, requestId: string): Response {
  return withHeaders(response, (headers) => headers.set("x-request-id", requestId));
}

/** Applies header changes, copying the response when its headers are immutable (e.g. Response.redirect, a fetched Response). */
function withHeaders(response: Response, change: (headers: AnswerHeaders) => void): Response {
  try {
    change(response.headers);
    return response;
  } catch {
    const copy = new Response(response.body, { status: response.status, statusText: response.statusText, headers: new Headers(response.headers) });
    change(copy.headers);
    return copy;
  }
}
