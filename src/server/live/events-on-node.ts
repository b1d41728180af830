import type { IncomingMessage, ServerResponse } from "node:http";
import { assertSignedIn } from "#domain/accounts/authorization.ts";
import type { LiveListener } from "#domain/accounts/live-audience.ts";
import type { App } from "../app.ts";
import { visitOnNode, writeErrorOnNode, writeHeadOnNode } from "../node-pipeline.ts";
import { sessionTokenOfCookie } from "../session.ts";
import { clientAddressKey } from "./client-address-key.ts";
import { EVENT_STREAM_HEADERS, listenerOf, logPositionOf } from "./event-stream-response.ts";

/**
 * GET /api/events on node's own request and response, for the front (issue 38): the same answer
 * as the route module (src/pages/api/events.ts, eventStreamResponse), through the same pipeline
 * steps as the other node answers (node-pipeline.ts: the session read uncached, the security
 * headers, the visitor cookie, the log line). The stream is the ServerResponse itself, handed to
 * the hub as its sink: no fetch Request, AbortSignal, ReadableStream or Response, and no pipe
 * reading one into the other, is kept for as long as the stream lasts (that was most of the
 * 60 KB each idle stream cost: docs/live-updates.md, "Measured").
 *
 * It answers every GET it is given: the route module's Response could not go through the front's
 * `send`, which reads a body whole. Cookies signed with a previous secret are read as the pipeline
 * reads them (signed again); a query other than `?lastEventId=` is ignored (EventSource opens a
 * fixed URL: no ?ref= visit comes here).
 */
export function answerEventsOnNode(app: App, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== "GET") return false;
  const visit = visitOnNode(app, req);
  const query = new URLSearchParams(visit.arrival.query);
  const header = req.headers["last-event-id"];
  const lastEventId = logPositionOf(typeof header === "string" ? header : query.get("lastEventId"));
  visit
    .user()
    .then((user) => {
      const listener = listenerOf(app, assertSignedIn(user));
      if (res.destroyed) return;
      writeHeadOnNode(app, res, visit, 200, { ...EVENT_STREAM_HEADERS });
      stream(app, res, listener, lastEventId, sessionTokenOfCookie(app, visit.visit.cookie), clientAddressKey(visit.visit.clientIp));
    })
    .catch((error: unknown) => writeErrorOnNode(app, res, visit, error, { "cache-control": "no-store" }))
    .catch(() => res.destroy());
  return true;
}

/** Hands the response to the hub until the client goes (close) or the hub ends it. */
function stream(app: App, res: ServerResponse, listener: LiveListener, lastEventId: number | null, session: string | null, address: string | null): void {
  let handle: { close(): void } | null = null;
  let gone = false;
  res.once("close", () => {
    gone = true;
    handle?.close();
  });
  app.live.open(listener, lastEventId, res, session, address).then(
    (opened) => {
      if (gone) opened.close();
      else handle = opened;
    },
    (error: unknown) => {
      app.log.error({ err: error }, "opening a live channel failed");
      res.end();
    },
  );
}
