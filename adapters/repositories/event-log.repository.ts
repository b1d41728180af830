import type { Kysely } from "kysely";
import type { EventLog } from "../../domain/analytics/event-log.port.ts";
import type { NewEvent, StoredEvent } from "../../domain/analytics/events.ts";
import type { Database } from "../db/schema.ts";

/**
 * Something that reacts to each appended event inside the same transaction (the analytics
 * projections), so read models are never behind or ahead of the log.
 */
export interface EventListener {
  (event: StoredEvent, trx: Kysely<Database>): Promise<void>;
}

/** Appends to the `events` table with whatever connection or transaction it is given. */
export function createEventLog(db: Kysely<Database>, listeners: readonly EventListener[] = []): EventLog {
  return {
    async append(event: NewEvent) {
      const version = event.version ?? 1;
      const row = await db
        .insertInto("events")
        .values({
          type: event.type,
          version,
          occurredAt: event.occurredAt.toISOString(),
          visitorId: event.visitorId,
          userId: event.userId,
          payload: JSON.stringify(event.payload),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const stored = { ...event, version, id: Number(row.id) } as StoredEvent;
      for (const listener of listeners) await listener(stored, db);
    },
  };
}
