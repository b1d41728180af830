import type { SessionUser } from "#domain/accounts/user.ts";
import type { App } from "../app.ts";
import type { LiveStreamHandle } from "./live-hub.ts";

/**
 * The Last-Event-ID the browser sends on a reconnect (or `?lastEventId=` from a client that kept it
 * across a reload): a log position, else null (start from now).
 */
export function lastEventIdOf(request: Request, url: URL): number | null {
  const raw = request.headers.get("last-event-id") ?? url.searchParams.get("lastEventId");
  if (raw === null || !/^\d{1,15}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

/**
 * Staff who must set up a second factor first (STAFF_2FA=required) make no admin call yet
 * (guards.ts), so they hear only what is theirs, like a shopper.
 */
export function listenerOf(app: App, user: SessionUser): SessionUser {
  if (user.isAdmin && app.config.staffTwoFactorRequired && !user.twoFactorEnabled) return { ...user, isAdmin: false, staffRole: null };
  return user;
}

/**
 * The text/event-stream answer: a body the hub writes to until the client goes (the body is
 * cancelled, or the request aborted) or the hub ends it. Never stored or transformed on the way
 * (no-store, no-transform; X-Accel-Buffering: no for nginx).
 */
export function eventStreamResponse(app: App, user: SessionUser, lastEventId: number | null, signal: AbortSignal): Response {
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
      app.live.open(user, lastEventId, sink).then(
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
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "private, no-store, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
