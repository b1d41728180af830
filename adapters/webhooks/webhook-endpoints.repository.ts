import type { Kysely } from "kysely";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";
import { redactedUrl, type WebhookEvent, type WebhookFormat, type WebhookStatus } from "#domain/webhooks/webhook.ts";
import type { WebhookEndpoints, WebhookRepositories } from "#domain/webhooks/webhook.port.ts";
import type { Database } from "../db/schema.ts";
import { createUnitOfWork } from "../db/unit-of-work.ts";
import { createAuditLog } from "../repositories/audit-log.repository.ts";

/** The endpoints and the audit trail, bound to one transaction. */
export function createWebhooksUnitOfWork(db: Kysely<Database>): UnitOfWork<WebhookRepositories> {
  return createUnitOfWork(db, (trx) => ({ endpoints: createWebhookEndpoints(trx), audit: createAuditLog(trx) }));
}

/** The owner's endpoints (migration 0036), on the unit of work's transaction: removing one removes its deliveries with it. */
export function createWebhookEndpoints(db: Kysely<Database>): WebhookEndpoints {
  return {
    async find(id) {
      const row = await db.selectFrom("webhook_endpoints").select(["url", "format", "events", "status"]).where("id", "=", id).executeTakeFirst();
      if (!row) return null;
      return {
        url: redactedUrl(row.url),
        format: row.format as WebhookFormat,
        events: JSON.parse(row.events) as WebhookEvent[],
        status: row.status as WebhookStatus,
      };
    },
    async count() {
      const row = await db
        .selectFrom("webhook_endpoints")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async add(endpoint) {
      await db
        .insertInto("webhook_endpoints")
        .values({
          id: endpoint.id,
          url: endpoint.url,
          format: endpoint.format,
          events: JSON.stringify(endpoint.events),
          secret: endpoint.secret,
          status: endpoint.status,
          consecutiveFailures: 0,
          pausedAt: null,
          createdAt: endpoint.createdAt.toISOString(),
          createdBy: endpoint.createdBy,
        })
        .execute();
    },
    async remove(id) {
      await db.deleteFrom("webhook_deliveries").where("endpointId", "=", id).execute();
      const result = await db.deleteFrom("webhook_endpoints").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
    async resume(id) {
      const result = await db
        .updateTable("webhook_endpoints")
        .set({ status: "active", consecutiveFailures: 0, pausedAt: null })
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
