import type { IncomingMessage, ServerResponse } from "node:http";
import { assertSignedIn } from "#domain/accounts/authorization.ts";
import type { LiveListener } from "#domain/accounts/live-audience.ts";
import type { App } from "../app.ts";
import { errorAnswer, pipelineOnNode } from "../personal-on-node.ts";
import { logRequest } from "../request-pipeline.ts";
import { sessionTokenOfCookie } from "../session.ts";
import { clientIp } from "../request-pipeline.ts";
import { clientAddressKey } from "./client-address-key.ts";
import { EVENT_STREAM_HEADERS, listenerOf, logPositionOf } from "./event-stream-response.ts";

const PATH = "/api/events";

/**
 * GET /api/events on node's own request and response, for the front (issue 38): the same answer
 * as the route module (src/pages/api/events.ts, eventStreamResponse), through the same pipeline
 * steps as the other node answers (personal-on-node.ts: the session read uncached, the security
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
  const url = req.url ?? PATH;
  const mark = url.indexOf("?");
  const query = new URLSearchParams(mark === -1 ? "" : url.slice(mark + 1));
  const steps = pipelineOnNode(app, req, { resign: true });
  const header = req.headers["last-event-id"];
  const lastEventId = logPositionOf(typeof header === "string" ? header : query.get("lastEventId"));
  steps
    .user()
    .then((user) => {
      const listener = listenerOf(app, assertSignedIn(user));
      if (res.destroyed) return;
      res.writeHead(200, { ...steps.headers, ...EVENT_STREAM_HEADERS });
      logRequest(app, "GET", PATH, 200, steps.started);
      const forwarded = req.headers["x-forwarded-for"];
      const address = clientAddressKey(clientIp(typeof forwarded === "string" ? forwarded : null, req.socket.remoteAddress ?? "", app.config.trustProxy));
      stream(app, res, listener, lastEventId, sessionTokenOfCookie(app, steps.cookie), address);
    })
    .catch(async (error: unknown) => {
      const { status, body, headers } = await errorAnswer(app, error);
      res.writeHead(status, { ...steps.headers, "cache-control": "no-store", ...headers, "content-length": String(Buffer.byteLength(body)) }).end(body);
      logRequest(app, "GET", PATH, status, steps.started);
    })
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
