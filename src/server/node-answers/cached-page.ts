import type { IncomingMessage, ServerResponse } from "node:http";
import type { App } from "../app.ts";
import { visitOnNode, writeOnNode } from "../node-pipeline.ts";

/**
 * A GET of a catalogue or content page (or catalogue API answer) kept by the page cache, answered
 * on node's own request and response: the kept bytes and headers are written as they are, through
 * the pipeline's steps on node (node-pipeline.ts: the visitor cookie, the security headers, HSTS,
 * the log line). Building a fetch Request and Response around a kept 40 KB page cost several times
 * what writing it costs (issue 22: a cached page was about 0.04 of node:http writing a prebuilt buffer).
 * Returns false (nothing answered) when nothing valid is kept (nor, for a page kept for signed-in
 * shoppers only, when the asker has no session), or for a `?ref=` visit, whose
 * referral cookie the general path sets: the caller then renders as usual.
 */
export async function answerCachedOnNode(app: App, req: IncomingMessage, res: ServerResponse, pathAndQuery: string): Promise<boolean> {
  if (pathAndQuery.includes("ref=")) return false;
  const visit = visitOnNode(app, req);
  // The dashboard's shell is kept for signed-in shoppers only: the session is read (uncached) for it.
  const kept = await app.catalogueCache.peek(pathAndQuery, req.headers["accept-encoding"], async () => (await visit.user()) !== null);
  if (!kept) return false;
  writeOnNode(app, res, visit, kept.status, { ...kept.headers }, kept.body, "hit");
  return true;
}
