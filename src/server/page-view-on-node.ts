import type { IncomingMessage, ServerResponse } from "node:http";
import { recordPageView } from "../../domain/analytics/record-page-view.ts";
import { visitorSetCookie } from "../../adapters/auth/visitor-cookie.ts";
import { crossOrigin } from "../../domain/accounts/accounts.errors.ts";
import type { App } from "./app.ts";
import { toErrorResponse } from "./http-errors.ts";
import { isJsonContentType, parseJsonBody, tooLarge } from "./http.ts";
import { notJson } from "./http-errors.ts";
import { clientIp, crossSiteHeaders, HSTS_HEADER, logRequest, SECURITY_HEADERS, servedOverTls, visitorOf } from "./request-pipeline.ts";
import { PageViewBody, TRACKING_BODY_LIMIT } from "./schemas/tracking.schemas.ts";
import { hasSessionCookie } from "./session-cookie.ts";
import { pageViewDepsOf } from "./tracking.ts";

/**
 * POST /api/tracking/page-view for guests, answered on node's own request and response. The
 * tracker fires on every navigation of every shopper, and building a fetch Request and Response
 * around a 100-byte body cost several times recording the view. Same steps and answers as the
 * route module (src/pages/api/tracking/page-view.ts) in the request pipeline: the pipeline's own
 * functions for the origin check, the visitor cookie, the address, the security headers and the
 * log line; the same schema, limit and use case; errors through the one error map.
 * Returns false (nothing answered) when the request carries a session: the user is read by the
 * route through better-auth, on the general path.
 */
export function answerPageViewOnNode(app: App, req: IncomingMessage, res: ServerResponse): boolean {
  const cookie = req.headers.cookie;
  if (hasSessionCookie(cookie)) return false;
  const started = performance.now();
  const secure = ("encrypted" in req.socket && req.socket.encrypted === true) || servedOverTls(app.config.publicUrl);
  const { visitorId, newVisitor } = visitorOf(cookie, app.secret);
  const headers: Record<string, string | string[]> = { ...SECURITY_HEADERS };
  if (servedOverTls(app.config.publicUrl)) headers["strict-transport-security"] = HSTS_HEADER;
  if (newVisitor) headers["set-cookie"] = visitorSetCookie(visitorId, app.secret, secure);

  const finish = (status: number) => {
    res.writeHead(status, headers).end();
    logRequest(app, "POST", "/api/tracking/page-view", status, started);
  };
  const fail = async (error: unknown) => {
    const response = toErrorResponse(error, app.log);
    const body = await response.text();
    response.headers.forEach((value, name) => (headers[name] = value));
    headers["content-length"] = String(Buffer.byteLength(body));
    res.writeHead(response.status, headers).end(body);
    logRequest(app, "POST", "/api/tracking/page-view", response.status, started);
  };

  const ownOrigin = `${secure ? "https" : "http"}://${req.headers.host ?? "localhost"}`;
  if (crossSiteHeaders(req.headers["sec-fetch-site"], req.headers.origin, ownOrigin, app.config.publicUrl)) {
    void fail(crossOrigin());
    req.resume();
    return true;
  }
  if (Number(req.headers["content-length"] ?? "0") > TRACKING_BODY_LIMIT) {
    void fail(tooLarge(TRACKING_BODY_LIMIT));
    req.resume();
    return true;
  }

  const chunks: Buffer[] = [];
  let size = 0;
  req.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size <= TRACKING_BODY_LIMIT) chunks.push(chunk);
  });
  req.on("error", () => res.destroy());
  req.on("end", () => {
    void (async () => {
      if (size > TRACKING_BODY_LIMIT) throw tooLarge(TRACKING_BODY_LIMIT);
      if (size > 0 && !isJsonContentType(req.headers["content-type"])) throw notJson();
      const view = parseJsonBody(Buffer.concat(chunks).toString("utf8"), PageViewBody);
      const who = { visitorId, knownVisitor: !newVisitor, clientIp: clientIp(req.headers["x-forwarded-for"] as string | undefined, req.socket.remoteAddress ?? "", app.config.trustProxy), userId: null };
      await recordPageView(view, who, pageViewDepsOf(app));
      finish(204);
    })().catch(fail);
  });
  return true;
}
