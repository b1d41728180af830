import type { NewEvent } from "./events.ts";

/**
 * The append-only log of facts. An EventLog handed out by a unit of work appends within that
 * unit's transaction, so an event is stored if and only if the change it describes is. Events are
 * never updated or deleted; concurrent appends each get their own, increasing position.
 */
export interface EventLog {
  append(event: NewEvent): Promise<void>;
}
