import { createServer } from "node:http";
import type { App } from "#server/app.ts";
import { createFront } from "#server/front.ts";
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

/** One server per app: the front (src/server/front.ts) on a real port, as scripts/serve.ts serves it; Astro is never reached. */
const fronts = new WeakMap<App, Promise<string>>();
function frontOf(app: App): Promise<string> {
  let base = fronts.get(app);
  if (!base) {
    const server = createServer(createFront(app, (_req, res) => void res.writeHead(599).end("reached Astro")));
    base = new Promise<string>((done) => server.listen(0, "127.0.0.1", () => done(`http://127.0.0.1:${(server.address() as { port: number }).port}`)));
    server.unref();
    fronts.set(app, base);
  }
  return base;
}

/**
 * Opens GET /api/events the way a browser's EventSource does, with the cookies of a test browser
 * (its jar), and parses the frames as they come: by default over HTTP through the server's front
 * (the node answer, src/server/live/events-on-node.ts); `via: "route"` calls the route module
 * through the request pipeline instead (what `astro dev` serves).
 */
export async function openEventStream(
  app: App,
  jar: Map<string, string>,
  options: { lastEventId?: number | null; ip?: string; via?: "front" | "route"; query?: string } = {},
): Promise<OpenStream> {
  const abort = new AbortController();
  const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const headers: Record<string, string> = { accept: "text/event-stream" };
  if (cookie) headers["cookie"] = cookie;
  if (options.lastEventId != null) headers["last-event-id"] = String(options.lastEventId);
  let response: Response;
  if (options.via === "route") {
    const url = new URL(`/api/events${options.query ?? ""}`, app.config.publicUrl);
    const request = new Request(url, { headers, signal: abort.signal });
    response = await handleRequest(request, app, options.ip ?? "10.9.9.9", async (state) =>
      events.GET({ request, url, params: {}, locals: { app, ...state } }),
    );
  } else {
    response = await fetch(`${await frontOf(app)}/api/events${options.query ?? ""}`, { headers, signal: abort.signal });
  }
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
