import type { IncomingMessage, ServerResponse } from "node:http";
import { analyticsConsentFrom } from "#adapters/auth/analytics-consent-cookie.ts";
import { crossOrigin } from "#domain/accounts/accounts.errors.ts";
import type { App } from "../app.ts";
import { tooLarge } from "../http.ts";
import { crossSiteOnNode, visitOnNode, writeErrorOnNode, writeOnNode } from "../node-pipeline.ts";
import { recordPageViewBody } from "../page-view-body.ts";
import { TRACKING_BODY_LIMIT } from "../schemas/tracking.schemas.ts";
import { hasSessionCookie } from "../session-cookie.ts";

/**
 * POST /api/tracking/page-view for guests, answered on node's own request and response: the tracker
 * fires on every navigation of every shopper, and building a fetch Request and Response around a
 * 100-byte body cost several times recording the view. The pipeline's steps on node
 * (node-pipeline.ts) do the origin check, the visitor cookie, the address, the answer's headers and
 * the log line; errors go through the one error map.
 * Returns false (nothing answered) when the request carries a session: the user is read by the
 * route module through better-auth, on the general path.
 */
export function answerPageViewOnNode(app: App, req: IncomingMessage, res: ServerResponse): boolean {
  const cookie = req.headers.cookie;
  if (hasSessionCookie(cookie)) return false;
  const visit = visitOnNode(app, req);
  const fail = (error: unknown) => writeErrorOnNode(app, res, visit, error);
  if (crossSiteOnNode(app, visit, req)) {
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
      const { visitorId, newVisitor, clientIp } = visit.visit;
      const who = () => ({ visitorId, knownVisitor: !newVisitor, clientIp, userId: null, analyticsConsent: analyticsConsentFrom(cookie) });
      await recordPageViewBody(app, Buffer.concat(chunks).toString("utf8"), req.headers["content-type"], who);
      writeOnNode(app, res, visit, 204, {});
    })().catch(fail);
  });
  return true;
}
