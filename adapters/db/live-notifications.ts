import { createRequire } from "node:module";
import { sql } from "kysely";
import type { EventListener } from "../repositories/event-log.repository.ts";
import { afterCommit, dialectOf, isPostgresUrl, type Db } from "./database.ts";

/** The PostgreSQL channel every process listens on; a notification's payload is an event position, nothing else. */
export const LIVE_CHANNEL = "live_events";

/**
 * How a process learns that events were appended, by itself or (on PostgreSQL) by another process
 * (issue 38). `listener` runs in every append's transaction: on PostgreSQL it NOTIFYs the channel,
 * which the database delivers to every listening connection only when that transaction commits (a
 * rolled-back append wakes nobody); on SQLite it wakes this process's subscribers once the commit
 * that holds the append has been made (transactions share commits there, sqlite-connections.ts). Subscribers only learn
 * "something after position N": they read what it is from the log.
 */
export interface LiveNotifications {
  listener: EventListener;
  /**
   * `onWake` is called after appends (and when the LISTEN connection is (re)opened: what was
   * appended meanwhile was not heard); `onError` when that connection fails (it is opened again).
   * The first subscriber opens the LISTEN connection, the last one closes it.
   */
  subscribe(onWake: () => void, onError: (error: unknown) => void): () => void;
}

export function createLiveNotifications(db: Db, databaseUrl: string): LiveNotifications {
  const subscribers = new Set<{ onWake: () => void; onError: (error: unknown) => void }>();
  const postgres = isPostgresUrl(databaseUrl) && dialectOf(db) === "postgres";
  let connection: ListenConnection | null = null;
  const wake = () => {
    for (const subscriber of subscribers) subscriber.onWake();
  };
  return {
    async listener(events, trx) {
      const position = events[events.length - 1]?.id;
      if (position === undefined) return;
      if (postgres) await sql`select pg_notify(${LIVE_CHANNEL}, ${String(position)})`.execute(trx);
      // SQLite: once the append is committed, the commit it shares with others (a read before it sees nothing new).
      else if (subscribers.size > 0) afterCommit(db, wake);
    },
    subscribe(onWake, onError) {
      const subscriber = { onWake, onError };
      subscribers.add(subscriber);
      if (postgres && !connection)
        connection = listen(databaseUrl, wake, (error) => {
          for (const s of subscribers) s.onError(error);
        });
      return () => {
        subscribers.delete(subscriber);
        if (subscribers.size === 0 && connection) {
          connection.close();
          connection = null;
        }
      };
    },
  };
}

interface ListenConnection {
  close(): void;
}

/**
 * One dedicated connection (not from the pool: a LISTEN lasts as long as its connection) that
 * LISTENs and hands each notification's position on. When it drops it is opened again after a
 * second, and `onError` is told, so the hub re-reads the log from where it was (nothing is lost:
 * the log is the truth, the notification only a wake-up).
 */
function listen(databaseUrl: string, onWake: () => void, onError: (error: unknown) => void): ListenConnection {
  const pg = createRequire(import.meta.url)("pg") as typeof import("pg").default;
  let closed = false;
  let client: import("pg").Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const open = () => {
    const current = new pg.Client({ connectionString: databaseUrl });
    client = current;
    current.on("notification", () => onWake());
    const fail = (error: unknown) => {
      if (closed || client !== current) return;
      client = null;
      current.end().catch(() => {});
      onError(error);
      retry = setTimeout(open, 1000);
      retry.unref();
    };
    current.on("error", fail);
    current
      .connect()
      .then(() => current.query(`LISTEN ${LIVE_CHANNEL}`))
      .then(() => {
        // Anything appended while (re)connecting was not heard: the subscribers re-read the log.
        if (!closed) onWake();
      })
      .catch(fail);
  };
  open();
  return {
    close() {
      closed = true;
      if (retry) clearTimeout(retry);
      client?.end().catch(() => {});
      client = null;
    },
  };
}
