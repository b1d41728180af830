import type { IncomingMessage, ServerResponse } from "node:http";
import type { SessionUser } from "#domain/accounts/user.ts";
import type { App } from "./app.ts";
import { toErrorResponse } from "./http-errors.ts";
import { arrive, crossSiteWrite, finishAnswer, logRequest, type AnswerHeaders, type Arrival, type Visit } from "./pipeline-steps.ts";
import { readSessionUserOfCookie } from "./session.ts";

/**
 * The request pipeline on node's own request and response (pipeline-steps.ts holds the steps), for
 * the answers the front writes itself (src/server/node-answers/, the live channel's stream): the
 * same steps as handleRequest runs on a fetch Request, without building a Request, its Headers and
 * a Response around a small answer, which cost more than reading the session and the cart
 * (docs/benchmarks.md).
 */
export interface NodeVisit {
  arrival: Arrival;
  visit: Visit;
  /** The session's person, read when asked (uncached, like readSessionUser). */
  user(): Promise<SessionUser | null>;
}

/** What the steps read of node's request. */
export function arrivalOf(req: IncomingMessage): Arrival {
  const target = req.url ?? "/";
  const mark = target.indexOf("?");
  const forwarded = req.headers["x-forwarded-for"];
  return {
    method: req.method ?? "GET",
    path: mark === -1 ? target : target.slice(0, mark),
    query: mark === -1 ? "" : target.slice(mark + 1),
    cookie: req.headers.cookie ?? null,
    secure: "encrypted" in req.socket && req.socket.encrypted === true,
    forwardedFor: typeof forwarded === "string" ? forwarded : null,
    socketAddress: req.socket.remoteAddress ?? "",
  };
}

/** The pipeline's first steps on node's request: who is asking (the visitor, the address), and the session when asked. */
export function visitOnNode(app: App, req: IncomingMessage): NodeVisit {
  const arrival = arrivalOf(req);
  const visit = arrive(app, arrival);
  // better-auth's own read (an expired session, a refresh due) takes the request's headers: made only then.
  const user = () => readSessionUserOfCookie(app, visit.cookie, () => headersOf(req, visit.cookie));
  return { arrival, visit, user };
}

/** The cross-site check of handleRequest, on node's request. */
export function crossSiteOnNode(app: App, { arrival, visit }: NodeVisit, req: IncomingMessage): boolean {
  const ownOrigin = `${visit.tls ? "https" : "http"}://${req.headers.host ?? "localhost"}`;
  const site = req.headers["sec-fetch-site"];
  return crossSiteWrite(arrival.method, typeof site === "string" ? site : null, req.headers.origin, ownOrigin, app.config.publicUrl);
}

/** Node's header object as the steps change it (names in lower case). */
export function nodeHeaders(headers: Record<string, string | string[]>): AnswerHeaders {
  return {
    has: (name) => headers[name] !== undefined,
    get: (name) => {
      const value = headers[name];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
    set: (name, value) => void (headers[name] = value),
    append: (name, value) => {
      const value0 = headers[name];
      headers[name] = value0 === undefined ? value : Array.isArray(value0) ? [...value0, value] : [value0, value];
    },
  };
}

/** The last steps on node's response: the answer's headers, the answer, the log line. */
export function writeOnNode(
  app: App,
  res: ServerResponse,
  visit: NodeVisit,
  status: number,
  headers: Record<string, string | string[]>,
  body?: string | Uint8Array,
  cache?: string,
): void {
  if (typeof body === "string") headers["content-length"] = String(Buffer.byteLength(body));
  writeHeadOnNode(app, res, visit, status, headers, cache).end(body);
}

/** writeOnNode for an answer that goes on after its head (the live channel's stream). */
export function writeHeadOnNode(
  app: App,
  res: ServerResponse,
  { arrival, visit }: NodeVisit,
  status: number,
  headers: Record<string, string | string[]>,
  cache?: string,
): ServerResponse {
  finishAnswer(app, arrival, visit, status, nodeHeaders(headers));
  res.writeHead(status, headers);
  logRequest(app, arrival.method, arrival.path, status, visit.started, cache);
  return res;
}

/** An error as every answer gives it (the one error map, toErrorResponse), written with writeOnNode. */
export async function writeErrorOnNode(
  app: App,
  res: ServerResponse,
  visit: NodeVisit,
  error: unknown,
  headers: Record<string, string | string[]> = {},
): Promise<void> {
  const response = toErrorResponse(error, app.log);
  response.headers.forEach((value, name) => (headers[name] = value));
  writeOnNode(app, res, visit, response.status, headers, await response.text());
}

function headersOf(req: IncomingMessage, cookie: string | null): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  // HTTP/2 pseudo-headers (":authority") are not valid header names for fetch's Headers.
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.charCodeAt(0) !== 58 && raw[i]!.toLowerCase() !== "cookie") headers.append(raw[i]!, raw[i + 1]!);
  if (cookie !== null) headers.set("cookie", cookie);
  return headers;
}
