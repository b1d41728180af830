import type { App } from "#server/app.ts";
import { handleRequest } from "#server/request-pipeline.ts";
import * as events from "#src/pages/api/events.ts";

export interface StreamFrame {
  id: number | null;
  event: string | null;
  data: unknown;
  retry: number | null;
}

export interface OpenStream {
  status: number;
  headers: Headers;
  /** Every frame received so far (heartbeats too: `event` null, `data` undefined). */
  frames: StreamFrame[];
  /** The frames that carried an event. */
  events(): StreamFrame[];
  /** The last id the stream said (what a browser would send as Last-Event-ID). */
  lastId(): number | null;
  /** Waits until a frame matches (rejects after `ms`). */
  next(match: (frame: StreamFrame) => boolean, ms?: number): Promise<StreamFrame>;
  /** Resolves once the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens GET /api/events the way a browser's EventSource does, with the cookies of a test browser
 * (its jar), through the same request pipeline the server uses, and parses the frames as they come.
 */
export async function openEventStream(app: App, jar: Map<string, string>, options: { lastEventId?: number | null; ip?: string } = {}): Promise<OpenStream> {
  const abort = new AbortController();
  const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const headers: Record<string, string> = { accept: "text/event-stream" };
  if (cookie) headers["cookie"] = cookie;
  if (options.lastEventId != null) headers["last-event-id"] = String(options.lastEventId);
  const url = new URL("/api/events", app.config.publicUrl);
  const request = new Request(url, { headers, signal: abort.signal });
  const response = await handleRequest(request, app, options.ip ?? "10.9.9.9", async (state) =>
    events.GET({ request, url, params: {}, locals: { app, ...state } }),
  );
  const frames: StreamFrame[] = [];
  const waiters: { match: (f: StreamFrame) => boolean; resolve: (f: StreamFrame) => void }[] = [];
  let markEnded: () => void = () => {};
  const ended = new Promise<void>((resolve) => (markEnded = resolve));
  if (response.headers.get("content-type")?.startsWith("text/event-stream") && response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf("\n\n")) !== -1) {
            const frame = parse(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            frames.push(frame);
            for (const waiter of [...waiters]) {
              if (waiter.match(frame)) {
                waiters.splice(waiters.indexOf(waiter), 1);
                waiter.resolve(frame);
              }
            }
          }
        }
      } catch {
        // Aborted by close().
      }
      markEnded();
    })();
  } else {
    await response.text();
    markEnded();
  }
  return {
    status: response.status,
    headers: response.headers,
    frames,
    events: () => frames.filter((f) => f.event !== null),
    lastId: () => frames.reduce<number | null>((last, f) => f.id ?? last, null),
    next(match, ms = 5000) {
      const seen = frames.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching frame in ${ms} ms; got ${JSON.stringify(frames)}`)), ms);
        waiters.push({ match, resolve: (f) => (clearTimeout(timer), resolve(f)) });
      });
    },
    ended,
    close: () => abort.abort(),
  };
}

function parse(text: string): StreamFrame {
  const frame: StreamFrame = { id: null, event: null, data: undefined, retry: null };
  for (const line of text.split("\n")) {
    if (line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "id") frame.id = Number(value);
    else if (field === "event") frame.event = value;
    else if (field === "data") frame.data = JSON.parse(value);
    else if (field === "retry") frame.retry = Number(value);
  }
  return frame;
}
