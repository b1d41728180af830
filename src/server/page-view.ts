import type { IncomingMessage, ServerResponse } from "node:http";
import { visitorSetCookie } from "#adapters/auth/visitor-cookie.ts";
import { analyticsConsentFrom } from "#adapters/auth/analytics-consent-cookie.ts";
import { crossOrigin } from "#domain/accounts/accounts.errors.ts";
import type { Tracked } from "#domain/analytics/tracking.ts";
import type { App } from "./app.ts";
import { notJson, toErrorResponse } from "./http-errors.ts";
import { isJsonContentType, noContent, parseJsonBody, readText, route, tooLarge, type RouteHandler } from "./http.ts";
import { clientIp, crossSiteHeaders, HSTS_HEADER, logRequest, SECURITY_HEADERS, servedOverTls, visitorOf } from "./request-pipeline.ts";
import { PageViewBody, TRACKING_BODY_LIMIT } from "./schemas/tracking.schemas.ts";
import { hasSessionCookie } from "./session-cookie.ts";
import { trackedCaller } from "./tracking.ts";
import type { RoutePattern } from "./routes.ts";

/**
 * POST /api/tracking/page-view: the storefront's tracker posts here on every location change (it
 * only logs a failure). One definition with two entrances: `POST`, the route module's handler
 * (src/pages/api/tracking/page-view.ts re-exports it), and `answerPageViewOnNode`, which the front
 * uses for guests. Both read the body the same way (recordPageViewBody) and differ only in how the
 * request arrives.
 */
const PATH: RoutePattern = "/api/tracking/page-view";

/**
 * What both entrances do with the body once it is read: JSON only, the schema's shape, then record
 * for the caller (asked for only once the body is valid: on the general path it reads the session).
 */
async function recordPageViewBody(app: App, text: string, contentType: string | null | undefined, who: () => Tracked | Promise<Tracked>): Promise<void> {
  if (text !== "" && !isJsonContentType(contentType)) throw notJson();
  const view = parseJsonBody(text, PageViewBody);
  await app.analytics.recordPageView(view, await who());
}

/** The route module's handler: through the request pipeline, with the user read by better-auth. */
export const POST: RouteHandler = route(async (context) => {
  const text = await readText(context.request, TRACKING_BODY_LIMIT);
  await recordPageViewBody(context.locals.app, text, context.request.headers.get("content-type"), () => trackedCaller(context));
  return noContent();
});

/**
 * The same request for guests, answered on node's own request and response: the tracker fires on
 * every navigation of every shopper, and building a fetch Request and Response around a 100-byte
 * body cost several times recording the view. The request pipeline's own functions do its steps
 * (the origin check, the visitor cookie, the address, the security headers, the log line); errors
 * go through the one error map.
 * Returns false (nothing answered) when the request carries a session: the user is read by `POST`
 * through better-auth, on the general path.
 */
export function answerPageViewOnNode(app: App, req: IncomingMessage, res: ServerResponse): boolean {
  const cookie = req.headers.cookie;
  if (hasSessionCookie(cookie)) return false;
  const started = performance.now();
  const secure = ("encrypted" in req.socket && req.socket.encrypted === true) || servedOverTls(app.config.publicUrl);
  const { visitorId, newVisitor, resigned } = visitorOf(cookie, app.secrets);
  const headers: Record<string, string | string[]> = { ...SECURITY_HEADERS };
  if (servedOverTls(app.config.publicUrl)) headers["strict-transport-security"] = HSTS_HEADER;
  if (newVisitor || resigned) headers["set-cookie"] = visitorSetCookie(visitorId, app.secret, secure);

  const finish = (status: number) => {
    res.writeHead(status, headers).end();
    logRequest(app, "POST", PATH, status, started);
  };
  const fail = async (error: unknown) => {
    const response = toErrorResponse(error, app.log);
    const body = await response.text();
    response.headers.forEach((value, name) => (headers[name] = value));
    headers["content-length"] = String(Buffer.byteLength(body));
    res.writeHead(response.status, headers).end(body);
    logRequest(app, "POST", PATH, response.status, started);
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
      const who = () => ({
        visitorId,
        knownVisitor: !newVisitor,
        clientIp: clientIp(req.headers["x-forwarded-for"] as string | undefined, req.socket.remoteAddress ?? "", app.config.trustProxy),
        userId: null,
        analyticsConsent: analyticsConsentFrom(cookie),
      });
      await recordPageViewBody(app, Buffer.concat(chunks).toString("utf8"), req.headers["content-type"], who);
      finish(204);
    })().catch(fail);
  });
  return true;
}
