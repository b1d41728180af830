import type { Kysely } from "kysely";
import type { WebhookEndpoints } from "#domain/webhooks/webhook.port.ts";
import type { Database } from "../db/schema.ts";

/** The owner's endpoints (migration 0036). Removing one removes its deliveries in the same transaction. */
export function createWebhookEndpoints(db: Kysely<Database>): WebhookEndpoints {
  return {
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
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom("webhook_deliveries").where("endpointId", "=", id).execute();
        const result = await trx.deleteFrom("webhook_endpoints").where("id", "=", id).executeTakeFirst();
        return Number(result.numDeletedRows) === 1;
      });
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
