import type { IncomingMessage, ServerResponse } from "node:http";
import { visitorSetCookie } from "#adapters/auth/visitor-cookie.ts";
import type { App } from "./app.ts";
import { HSTS_HEADER, logRequest, SECURITY_HEADERS, servedOverTls, visitorOf } from "./request-pipeline.ts";

/**
 * A GET of a catalogue or content page (or catalogue API answer) kept by the page cache, answered
 * on node's own request and response: the kept bytes and headers are written as they are, with the
 * request pipeline's own steps for a safe GET (the visitor cookie, the security headers, HSTS, the
 * log line). Building a fetch Request and Response around a kept 40 KB page cost several times what
 * writing it costs (issue 22: a cached page was about 0.04 of node:http writing a prebuilt buffer).
 * Returns false (nothing answered) when nothing valid is kept, or for a `?ref=` visit, whose
 * referral cookie the general path sets: the caller then renders as usual.
 */
export async function answerCachedOnNode(app: App, req: IncomingMessage, res: ServerResponse, pathAndQuery: string): Promise<boolean> {
  if (pathAndQuery.includes("ref=")) return false;
  const started = performance.now();
  const kept = await app.catalogueCache.peek(pathAndQuery, req.headers["accept-encoding"]);
  if (!kept) return false;
  const headers: Record<string, string | string[]> = { ...kept.headers };
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers[name] ??= value;
  const tls = servedOverTls(app.config.publicUrl) || ("encrypted" in req.socket && req.socket.encrypted === true);
  if (tls) headers["strict-transport-security"] ??= HSTS_HEADER;
  const { visitorId, newVisitor, resigned } = visitorOf(req.headers.cookie, app.secrets);
  if (newVisitor || resigned) headers["set-cookie"] = visitorSetCookie(visitorId, app.secret, tls);
  res.writeHead(kept.status, headers).end(kept.body);
  logRequest(app, "GET", pathAndQuery.split("?", 1)[0]!, kept.status, started, "hit");
  return true;
}
