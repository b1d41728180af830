import type { LiveNotifications } from "#adapters/db/live-notifications.ts";
import type { Db } from "#adapters/db/database.ts";
import { mayHear, type LiveListener } from "#domain/accounts/live-audience.ts";
import { makeRoom } from "#domain/accounts/live-streams.ts";
import { lastEventId, readLiveEventsAfter, type AudiencedLiveEvent } from "#read-models/live/live-events.queries.ts";
import { eventFrame, heartbeatFrame, retryFrame } from "./sse-frames.ts";

/** Where a stream's frames go (the response body); `end` closes it. */
export interface LiveSink {
  write(frame: string): void;
  end(): void;
}

export interface LiveStreamHandle {
  /** The client went away: forget the stream (its sink is not written again). */
  close(): void;
}

export interface LiveHub {
  /**
   * Registers a stream for `user`, replaying what it missed after `lastEventId` (null: from now).
   * `session`: the token of the session it was opened with, checked at each heartbeat; `address`:
   * the client's address as one key (client-address-key.ts), for the cap per address. A stream the
   * bounds turn away (domain/accounts/live-streams.ts) is ended at once with a retry hint.
   */
  open(user: LiveListener, lastEventId: number | null, sink: LiveSink, session?: string | null, address?: string | null): Promise<LiveStreamHandle>;
  /** Ends (with a retry hint) the streams whose session has ended since they opened; run at each heartbeat. */
  checkSessions(): Promise<void>;
  /** Streams held now. */
  size(): number;
  /** Ends every stream with a retry hint (a stop: the clients come back to another process). */
  closeAll(): void;
}

export interface LiveHubOptions {
  db: Db;
  notifications: LiveNotifications;
  /** EVENT_STREAMS_MAX: past it, a stream is shed (shoppers' first, idle the longest: domain/accounts/live-streams.ts). */
  maxStreams: number;
  onError: (error: unknown, what: string) => void;
  heartbeatMs?: number;
  /** A stream is ended (with a short retry hint) after this long, so its session and role are checked again at the reconnect. */
  maxAgeMs?: number;
  /** How often the log is read even without a wake-up: a lost notification costs at most this. */
  tailMs?: number;
  /** Which of these session tokens no longer sign anyone in (adapters/auth/session-lookup.ts). */
  endedSessions?: (tokens: readonly string[]) => Promise<Set<string>>;
}

/** At most this many events are replayed to a resuming stream; past it the client is told to re-read everything (`reset`). */
const MAX_REPLAY = 1000;
const BATCH = 200;
/** The browser's wait before reconnecting: what every stream is told at its start. */
export const RETRY_MS = 3000;

interface Stream {
  user: LiveListener;
  /** What the bounds read (makeRoom): the account, whether staff, the client's address key. */
  accountId: string;
  staff: boolean;
  address: string | null;
  sink: LiveSink;
  /** The token of the session it was opened with (null: not checked). */
  session: string | null;
  /** The last log position this stream has been brought past (sent or not for it). */
  position: number;
  /** The last position the client was told (an event's id or a heartbeat's). */
  told: number;
  openedAt: number;
  /** When it was last sent an event (or opened): of the shoppers' (or, with none, staff's), the one idle the longest is shed first. */
  activeAt: number;
  /** False while it replays what it missed; the hub's fan-out skips it until then. */
  live: boolean;
}

/**
 * The live channel of one process (issue 38): the streams it holds, and one reader of the event
 * log for all of them. A wake-up (an append here, a NOTIFY from another process, the tail timer)
 * makes the reader read the live events after its cursor once, and each is sent to the streams
 * whose person may hear it. Nothing runs while no stream is open.
 */
export function createLiveHub(options: LiveHubOptions): LiveHub {
  const { db, notifications, maxStreams, onError } = options;
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  const maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
  const tailMs = options.tailMs ?? 5_000;
  const streams = new Set<Stream>();
  let cursor = 0;
  let running: { stop: () => void } | null = null;
  let starting: Promise<void> | null = null;
  let reading = false;
  let readAgain = false;
  let checking: Promise<void> | null = null;

  async function start(): Promise<void> {
    cursor = await lastEventId(db);
    const unsubscribe = notifications.subscribe(wake, (error) => onError(error, "the live channel's LISTEN connection failed; it reconnects"));
    const heartbeat = setInterval(beat, heartbeatMs);
    const tail = setInterval(wake, tailMs);
    heartbeat.unref();
    tail.unref();
    running = {
      stop: () => {
        unsubscribe();
        clearInterval(heartbeat);
        clearInterval(tail);
      },
    };
  }

  function stopIfIdle() {
    if (streams.size === 0 && running && !starting) {
      running.stop();
      running = null;
    }
  }

  function wake() {
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    void readOn()
      .catch((error: unknown) => onError(error, "reading the event log for the live channel failed"))
      .finally(() => {
        reading = false;
        if (readAgain) {
          readAgain = false;
          wake();
        }
      });
  }

  async function readOn(): Promise<void> {
    for (;;) {
      if (!running) return;
      const { events, lastId } = await readLiveEventsAfter(db, cursor, null, BATCH);
      if (lastId === null) return;
      for (const event of events) fanOut(event);
      cursor = lastId;
      for (const stream of streams) if (stream.live && stream.position < cursor) stream.position = cursor;
    }
  }

  function fanOut(event: AudiencedLiveEvent) {
    for (const stream of streams) {
      if (!stream.live || stream.position >= event.id) continue;
      stream.position = event.id;
      if (mayHear(stream.user, event.audience)) send(stream, event);
    }
  }

  function send(stream: Stream, event: AudiencedLiveEvent) {
    stream.sink.write(eventFrame(event.id, event.view.kind, event.view));
    stream.told = event.id;
    stream.activeAt = performance.now();
  }

  function beat() {
    const now = performance.now();
    for (const stream of streams) {
      if (now - stream.openedAt >= maxAgeMs) {
        end(stream, retryFrame(RETRY_MS / 3 + Math.random() * RETRY_MS, "renew"));
        continue;
      }
      // A heartbeat also moves the client's Last-Event-ID past events it was not told of, so a
      // reconnect does not replay them.
      const position = stream.live && stream.position > stream.told ? stream.position : null;
      stream.sink.write(heartbeatFrame(position));
      if (position !== null) stream.told = position;
    }
    stopIfIdle();
    void checkSessions().catch((error: unknown) => onError(error, "checking the live channel's sessions failed"));
  }

  /**
   * A session ended elsewhere (signed out, ended from another device, a password or role change)
   * ends its streams: the browser comes back with its Last-Event-ID, and is refused (401).
   */
  function checkSessions(): Promise<void> {
    if (!options.endedSessions) return Promise.resolve();
    const endedSessions = options.endedSessions;
    checking ??= (async () => {
      const tokens = new Set<string>();
      for (const stream of streams) if (stream.session !== null) tokens.add(stream.session);
      if (tokens.size === 0) return;
      const ended = await endedSessions([...tokens]);
      if (ended.size === 0) return;
      for (const stream of [...streams]) if (stream.session !== null && ended.has(stream.session)) end(stream, retryFrame(RETRY_MS, "renew"));
      stopIfIdle();
    })().finally(() => (checking = null));
    return checking;
  }

  function end(stream: Stream, lastFrame: string) {
    streams.delete(stream);
    try {
      stream.sink.write(lastFrame);
      stream.sink.end();
    } catch {
      // Already gone.
    }
  }

  /** Sends a resuming stream what it missed, then lets the fan-out take over. */
  async function catchUp(stream: Stream): Promise<void> {
    let replayed = 0;
    for (;;) {
      const target = cursor;
      if (stream.position >= target || !streams.has(stream)) break;
      if (replayed >= MAX_REPLAY) {
        stream.sink.write(eventFrame(target, "reset", {}));
        stream.position = stream.told = target;
        break;
      }
      const { events, lastId } = await readLiveEventsAfter(db, stream.position, target, BATCH);
      for (const event of events) if (mayHear(stream.user, event.audience)) send(stream, event);
      replayed += events.length;
      stream.position = lastId ?? target;
    }
    stream.live = true;
  }

  return {
    async open(user, lastId, sink, session = null, address = null) {
      const newcomer = { accountId: user.id, staff: user.isAdmin, address };
      const room = makeRoom([...streams], newcomer, maxStreams);
      for (const { stream, reason } of room.end) end(stream, reason === "shed" ? shedFrame() : retryFrame(RETRY_MS, "replaced"));
      if (room.refuse) {
        // Turned away (a shopper at a process full of staff streams): told to come back later.
        sink.write(shedFrame());
        sink.end();
        return { close() {} };
      }
      if (!running) {
        starting ??= start().finally(() => (starting = null));
        await starting;
      }
      const now = performance.now();
      const stream: Stream = { user, ...newcomer, sink, session, position: cursor, told: cursor, openedAt: now, activeAt: now, live: false };
      streams.add(stream);
      sink.write(retryFrame(RETRY_MS, null));
      if (lastId === null) {
        // The client learns where it stands at once, so even a reconnect before any event resumes here.
        stream.live = true;
        sink.write(heartbeatFrame(cursor));
      } else {
        // A position ahead of this process's cursor (told by another process) is trusted only up
        // to the log's end, so a made-up one cannot silence the stream.
        stream.position = stream.told = lastId > cursor ? Math.min(lastId, await lastEventId(db)) : lastId;
        await catchUp(stream);
      }
      return {
        close() {
          streams.delete(stream);
          stopIfIdle();
        },
      };
    },
    checkSessions,
    size: () => streams.size,
    closeAll() {
      for (const stream of [...streams]) end(stream, retryFrame(RETRY_MS / 3 + Math.random() * RETRY_MS, "renew"));
      stopIfIdle();
    },
  };

  /** Spread over 5-15 s: the shed clients must not all come back in the same second. */
  function shedFrame(): string {
    return retryFrame(5000 + Math.random() * 10_000, "shed");
  }
}
