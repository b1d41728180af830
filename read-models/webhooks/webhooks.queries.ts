import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { redactedUrl, type WebhookEvent, type WebhookFormat, type WebhookStatus } from "#domain/webhooks/webhook.ts";
import type { WebhookDeliveryView, WebhookView } from "./webhooks.views.ts";

/** Every endpoint, oldest first (at most MAX_WEBHOOK_ENDPOINTS), without secrets. */
export async function listWebhooks(db: Kysely<Database>): Promise<WebhookView[]> {
  const rows = await db
    .selectFrom("webhook_endpoints")
    .select(["id", "url", "format", "events", "status", "consecutiveFailures", "pausedAt", "createdAt"])
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    url: redactedUrl(row.url),
    format: row.format as WebhookFormat,
    events: JSON.parse(row.events) as WebhookEvent[],
    status: row.status as WebhookStatus,
    consecutiveFailures: row.consecutiveFailures,
    pausedAt: row.pausedAt,
    createdAt: row.createdAt,
  }));
}

export async function webhookById(db: Kysely<Database>, id: string): Promise<WebhookView | null> {
  return (await listWebhooks(db)).find((w) => w.id === id) ?? null;
}

/**
 * One page of an endpoint's deliveries, newest first (index webhook_deliveries_endpoint_list), and
 * how many there are; null when the endpoint does not exist.
 */
export async function listWebhookDeliveries(
  db: Kysely<Database>,
  endpointId: string,
  page: { limit: number; offset: number },
): Promise<{ deliveries: WebhookDeliveryView[]; total: number } | null> {
  const endpoint = await db.selectFrom("webhook_endpoints").select("id").where("id", "=", endpointId).executeTakeFirst();
  if (!endpoint) return null;
  const rows = await db
    .selectFrom("webhook_deliveries")
    .select(["id", "event", "status", "attempts", "lastStatusCode", "lastResponseMs", "lastError", "createdAt", "deliveredAt", "nextAttemptAt"])
    .where("endpointId", "=", endpointId)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await db
    .selectFrom("webhook_deliveries")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("endpointId", "=", endpointId)
    .executeTakeFirstOrThrow();
  return {
    total: Number(count.n),
    deliveries: rows.map((row) => ({
      id: row.id,
      event: row.event as WebhookEvent,
      status: row.status as WebhookDeliveryView["status"],
      attempts: row.attempts,
      statusCode: row.lastStatusCode,
      responseMs: row.lastResponseMs,
      error: row.lastError,
      createdAt: row.createdAt,
      deliveredAt: row.deliveredAt,
      nextAttemptAt: row.status === "pending" ? row.nextAttemptAt : null,
    })),
  };
}
