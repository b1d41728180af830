import type { LiveListener } from "#domain/accounts/live-audience.ts";
import type { SessionUser } from "#domain/accounts/user.ts";
import { sessionTokenOfRequest, type RouteApp } from "../route-app.ts";
import { clientAddressKey } from "./client-address-key.ts";
import type { LiveStreamHandle } from "./live-hub.ts";

/**
 * The Last-Event-ID the browser sends on a reconnect (or `?lastEventId=` from a client that kept it
 * across a reload): a log position, else null (start from now).
 */
export function lastEventIdOf(request: Request, url: URL): number | null {
  return logPositionOf(request.headers.get("last-event-id") ?? url.searchParams.get("lastEventId"));
}

/** A Last-Event-ID's text as a log position: digits only, else null. */
export function logPositionOf(raw: string | null | undefined): number | null {
  if (raw == null || !/^\d{1,15}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

/** The answer's headers: never stored or transformed on the way (no-store, no-transform; X-Accel-Buffering: no for nginx). */
export const EVENT_STREAM_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "private, no-store, no-transform",
  "x-accel-buffering": "no",
};

/**
 * Staff who must set up a second factor first (STAFF_2FA=required) make no admin call yet
 * (guards.ts), so they hear only what is theirs, like a shopper.
 */
export function listenerOf(app: Pick<RouteApp, "config">, user: SessionUser): LiveListener {
  if (user.isAdmin && app.config.staffTwoFactorRequired && !user.twoFactorEnabled) return { id: user.id, isAdmin: false, staffRole: null };
  // Only what the rule reads: a stream keeps its listener for as long as it lasts.
  return { id: user.id, isAdmin: user.isAdmin, staffRole: user.staffRole };
}

/**
 * The text/event-stream answer as a web Response (under `astro dev` and the route module; the
 * server's front answers on node's own response instead, events-on-node.ts): a body the hub writes to until the client goes (the body is
 * cancelled, or the request aborted) or the hub ends it.
 */
export function eventStreamResponse(app: RouteApp, user: LiveListener, lastEventId: number | null, request: Request, clientIp: string | null = null): Response {
  const signal = request.signal;
  const session = sessionTokenOfRequest(app, request);
  const encoder = new TextEncoder();
  let handle: LiveStreamHandle | null = null;
  let done = false;
  let close = () => {};
  const finish = () => {
    if (done) return;
    done = true;
    handle?.close();
    close();
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      close = () => {
        try {
          controller.close();
        } catch {
          // Cancelled: already closed.
        }
      };
      signal.addEventListener("abort", finish, { once: true });
      const sink = {
        write(frame: string) {
          if (!done) controller.enqueue(encoder.encode(frame));
        },
        end() {
          if (done) return;
          done = true;
          close();
        },
      };
      app.live.open(user, lastEventId, sink, session, clientAddressKey(clientIp)).then(
        (opened) => {
          handle = opened;
          if (done) opened.close();
        },
        (error: unknown) => {
          app.log.error({ err: error }, "opening a live channel failed");
          sink.end();
        },
      );
    },
    cancel: finish,
  });
  return new Response(body, {
    status: 200,
    headers: EVENT_STREAM_HEADERS,
  });
}
