import type { Kysely } from "kysely";
import { createTable, integer, primaryKey, text } from "../migration-kit.ts";

/**
 * Outgoing webhooks (issue 38): the owner's endpoints and the outbox of their deliveries. A
 * delivery row is written in the transaction that appends the event it reports, and taken by the
 * worker like a mail (claim + lease, FOR UPDATE SKIP LOCKED on PostgreSQL).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, "webhook_endpoints", {
    columns: {
      id: primaryKey("text"),
      url: text(),
      // "json" (signed JSON) or "discord" (a readable `content` message).
      format: text(),
      // The chosen webhook events, a JSON array of names (domain/webhooks/webhook.ts).
      events: text(),
      // Signs every delivery; shown to the owner once, never answered again.
      secret: text(),
      // "active" or "paused" (after PAUSE_AFTER_FAILURES failed attempts in a row).
      status: text(),
      consecutiveFailures: integer({ default: 0 }),
      pausedAt: text.nullable(),
      createdAt: text(),
      createdBy: text(),
    },
  });
  await createTable(db, "webhook_deliveries", {
    columns: {
      id: primaryKey("text"),
      endpointId: text({ references: "webhook_endpoints.id", onDelete: "cascade" }),
      // The event log position it reports: one delivery per endpoint and event.
      eventId: integer(),
      event: text(),
      // The exact bytes sent (signed at each attempt with its own timestamp).
      body: text(),
      // pending, delivered, failed.
      status: text(),
      attempts: integer({ default: 0 }),
      nextAttemptAt: text(),
      lockedUntil: text.nullable(),
      claim: text.nullable(),
      lastStatusCode: integer.nullable(),
      lastResponseMs: integer.nullable(),
      lastError: text.nullable(),
      createdAt: text(),
      deliveredAt: text.nullable(),
    },
    indexes: {
      webhook_deliveries_endpoint_event: { columns: ["endpointId", "eventId"], unique: true },
      // The worker's claim: due pending rows, oldest first.
      webhook_deliveries_due: ["status", "nextAttemptAt"],
      // An endpoint's deliveries, newest first, a page at a time.
      webhook_deliveries_endpoint_list: ["endpointId", "createdAt", "id"],
    },
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("webhook_deliveries").ifExists().execute();
  await db.schema.dropTable("webhook_endpoints").ifExists().execute();
}
