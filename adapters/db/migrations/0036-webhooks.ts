import type { Kysely } from "kysely";

/**
 * Outgoing webhooks (issue 38): the owner's endpoints and the outbox of their deliveries. A
 * delivery row is written in the transaction that appends the event it reports, and taken by the
 * worker like a mail (claim + lease, FOR UPDATE SKIP LOCKED on PostgreSQL).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("webhook_endpoints")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("url", "text", (c) => c.notNull())
    // "json" (signed JSON) or "discord" (a readable `content` message).
    .addColumn("format", "text", (c) => c.notNull())
    // The chosen webhook events, a JSON array of names (domain/webhooks/webhook.ts).
    .addColumn("events", "text", (c) => c.notNull())
    // Signs every delivery; shown to the owner once, never answered again.
    .addColumn("secret", "text", (c) => c.notNull())
    // "active" or "paused" (after PAUSE_AFTER_FAILURES failed attempts in a row).
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("consecutiveFailures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("pausedAt", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("createdBy", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("endpointId", "text", (c) => c.notNull().references("webhook_endpoints.id").onDelete("cascade"))
    // The event log position it reports: one delivery per endpoint and event.
    .addColumn("eventId", "integer", (c) => c.notNull())
    .addColumn("event", "text", (c) => c.notNull())
    // The exact bytes sent (signed at each attempt with its own timestamp).
    .addColumn("body", "text", (c) => c.notNull())
    // pending, delivered, failed.
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("nextAttemptAt", "text", (c) => c.notNull())
    .addColumn("lockedUntil", "text")
    .addColumn("claim", "text")
    .addColumn("lastStatusCode", "integer")
    .addColumn("lastResponseMs", "integer")
    .addColumn("lastError", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("deliveredAt", "text")
    .execute();
  await db.schema.createIndex("webhook_deliveries_endpoint_event").on("webhook_deliveries").columns(["endpointId", "eventId"]).unique().execute();
  // The worker's claim: due pending rows, oldest first.
  await db.schema.createIndex("webhook_deliveries_due").on("webhook_deliveries").columns(["status", "nextAttemptAt"]).execute();
  // An endpoint's deliveries, newest first, a page at a time.
  await db.schema.createIndex("webhook_deliveries_endpoint_list").on("webhook_deliveries").columns(["endpointId", "createdAt", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("webhook_deliveries").ifExists().execute();
  await db.schema.dropTable("webhook_endpoints").ifExists().execute();
}
