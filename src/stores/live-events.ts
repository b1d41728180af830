import { atom } from "nanostores";
import type { LiveEventKind, LiveEventView } from "#read-models/live/live-events.views.ts";
import { $session } from "./session.ts";

/**
 * The tab's one live channel (GET /api/events, issue 38), shared by every island: opened while at
 * least one island listens and someone is signed in (a guest would only get 401), closed when the
 * last one stops. `open` while the stream is up; islands poll at the specification's intervals
 * whenever it is not (src/lib/use-live-polling.ts), so the channel only ever makes them faster.
 */
export type LiveStatus = "off" | "connecting" | "open" | "down";
export const $liveStatus = atom<LiveStatus>("off");

/** What a listener hears: an event of the channel, or `resync` (the stream came back, or missed too much): re-read everything. */
export type LiveSignal = LiveEventView | { kind: "resync" };
type Listener = (signal: LiveSignal) => void;

const KINDS: readonly (LiveEventKind | "reset")[] = ["order", "order-message", "conversation", "support-message", "reset"];
const listeners = new Set<Listener>();
let source: EventSource | null = null;
let allowed = false;
let wasOpen = false;
let closing: ReturnType<typeof setTimeout> | undefined;
/** Ended by a newer stream: reopened when the tab becomes visible again. */
let replaced = false;
if (typeof document !== "undefined")
  document.addEventListener("visibilitychange", () => {
    if (replaced && document.visibilityState === "visible") {
      replaced = false;
      connect();
    }
  });

/** Says the page's person is signed in (the panel after its login, the dashboard): the channel may open. */
export function allowLiveChannel(): void {
  allowed = true;
  connect();
}

// subscribe, not listen: the header may have read the session before this module loaded.
$session.subscribe((session) => {
  if (session?.authenticated) allowLiveChannel();
  else if (session && !session.authenticated) {
    allowed = false;
    disconnect();
  }
});

/** Hears every live signal until the returned function is called. */
export function listenLive(listener: Listener): () => void {
  listeners.add(listener);
  clearTimeout(closing);
  connect();
  return () => {
    listeners.delete(listener);
    // Not at once: an island that re-subscribes on a render, or the next screen's, keeps the stream.
    if (listeners.size === 0) closing = setTimeout(() => listeners.size === 0 && disconnect(), 2000);
  };
}

function tell(signal: LiveSignal) {
  for (const listener of [...listeners]) listener(signal);
}

function connect() {
  if (source || !allowed || listeners.size === 0 || typeof EventSource === "undefined") return;
  $liveStatus.set("connecting");
  const stream = new EventSource("/api/events");
  source = stream;
  stream.onopen = () => {
    $liveStatus.set("open");
    // Back after a drop: the browser resumed from its Last-Event-ID, but a screen that polled
    // meanwhile at a slower pace reads once more to be sure.
    if (wasOpen) tell({ kind: "resync" });
    wasOpen = true;
  };
  stream.onerror = () => {
    // The browser reconnects by itself (after the server's retry hint); CLOSED means it gave up
    // (signed out, 401): the islands keep polling.
    $liveStatus.set(stream.readyState === EventSource.CLOSED ? "down" : "connecting");
    if (stream.readyState === EventSource.CLOSED && source === stream) source = null;
  };
  // The person's newer tab (or their address's newer streams) took this one's place (issue 46): the
  // browser would come back and take another's, so this tab polls until it is looked at again.
  stream.addEventListener("replaced", () => {
    if (source !== stream) return;
    stream.close();
    source = null;
    $liveStatus.set("down");
    replaced = true;
  });
  for (const kind of KINDS) {
    stream.addEventListener(kind, (event) => {
      if (kind === "reset") return tell({ kind: "resync" });
      try {
        tell(JSON.parse((event as MessageEvent<string>).data) as LiveEventView);
      } catch (error) {
        console.error("a live event could not be read", error);
      }
    });
  }
}

function disconnect() {
  replaced = false;
  source?.close();
  source = null;
  wasOpen = false;
  $liveStatus.set("off");
}
