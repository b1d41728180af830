import { sql, type Kysely } from "kysely";
import { SYSTEM_ACTOR } from "#domain/audit/audit-entry.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { MailOutbox } from "#domain/mail/mail-outbox.port.ts";
import type { ClaimedDelivery, WebhookQueue } from "#domain/webhooks/webhook.port.ts";
import { redactedUrl, type WebhookEvent, type WebhookFormat } from "#domain/webhooks/webhook.ts";
import { dialectOf, type Tx } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import { createAuditLog } from "../repositories/audit-log.repository.ts";

/**
 * The webhook outbox as the workers see it, the same way the mail outbox is taken
 * (adapters/mail/mail-outbox.repository.ts): one UPDATE of the due rows a sub-select picks, which
 * on PostgreSQL locks them FOR UPDATE SKIP LOCKED, so processes claiming at once get different rows
 * and none waits; the lease keeps a claimed row from being taken again while it is sent. Only
 * deliveries of active endpoints are due: a paused endpoint's wait until the owner resumes it.
 */
export function createWebhookQueue(db: Kysely<Database>, settings: { outbox: (trx: Tx) => MailOutbox; publicUrl: string; clock: Clock }): WebhookQueue {
  const postgres = dialectOf(db) === "postgres";
  const owned = (trx: Kysely<Database>, d: ClaimedDelivery) =>
    trx.updateTable("webhook_deliveries").where("id", "=", d.id).where("claim", "=", d.claim).where("status", "=", "pending");
  return {
    async claim({ now, limit, leaseUntil, claim }) {
      const at = now.toISOString();
      let due = db
        .selectFrom("webhook_deliveries")
        .select("id")
        .where("status", "=", "pending")
        .where("nextAttemptAt", "<=", at)
        .where((eb) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<=", at)]))
        .where("endpointId", "in", (eb) => eb.selectFrom("webhook_endpoints").select("id").where("status", "=", "active"))
        .orderBy("nextAttemptAt")
        .orderBy("createdAt")
        .limit(limit);
      if (postgres) due = due.forUpdate().skipLocked();
      const rows = await db
        .updateTable("webhook_deliveries")
        .set({ claim, lockedUntil: leaseUntil.toISOString(), attempts: sql<number>`"attempts" + 1` })
        .where("id", "in", due)
        .returning(["id", "endpointId", "event", "body", "attempts", "nextAttemptAt", "createdAt"])
        .execute();
      if (rows.length === 0) return [];
      const endpoints = await db
        .selectFrom("webhook_endpoints")
        .select(["id", "url", "format", "secret"])
        .where("id", "in", [...new Set(rows.map((r) => r.endpointId))])
        .execute();
      const byId = new Map(endpoints.map((e) => [e.id, e]));
      rows.sort((a, b) => a.nextAttemptAt.localeCompare(b.nextAttemptAt) || a.createdAt.localeCompare(b.createdAt));
      return rows.flatMap((row): ClaimedDelivery[] => {
        const endpoint = byId.get(row.endpointId);
        // Removed between the claim and this read: its deliveries went with it.
        if (!endpoint) return [];
        return [
          {
            id: row.id,
            endpointId: row.endpointId,
            url: endpoint.url,
            format: endpoint.format as WebhookFormat,
            secret: endpoint.secret,
            event: row.event as WebhookEvent,
            body: row.body,
            attempts: row.attempts,
            claim,
          },
        ];
      });
    },
    async markDelivered(delivery, at, outcome) {
      return db.transaction().execute(async (trx) => {
        const result = await owned(trx, delivery)
          .set({
            status: "delivered",
            deliveredAt: at.toISOString(),
            lockedUntil: null,
            lastStatusCode: outcome.statusCode,
            lastResponseMs: outcome.responseMs,
            lastError: null,
          })
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx.updateTable("webhook_endpoints").set({ consecutiveFailures: 0 }).where("id", "=", delivery.endpointId).execute();
        return true;
      });
    },
    async markFailed(delivery, outcome, nextAttemptAt, pauseAfter) {
      return db.transaction().execute(async (trx) => {
        const result = await owned(trx, delivery)
          .set({
            ...(nextAttemptAt ? { nextAttemptAt: nextAttemptAt.toISOString() } : { status: "failed" }),
            lockedUntil: null,
            lastStatusCode: outcome.statusCode,
            lastResponseMs: outcome.responseMs,
            lastError: outcome.error?.slice(0, 500) ?? null,
          })
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx
          .updateTable("webhook_endpoints")
          .set({ consecutiveFailures: sql<number>`"consecutiveFailures" + 1` })
          .where("id", "=", delivery.endpointId)
          .execute();
        // Paused by this failure (status still active before it): told once, and audited as the
        // store's own change, in this transaction.
        const now = settings.clock.now();
        const paused = await trx
          .updateTable("webhook_endpoints")
          .set({ status: "paused", pausedAt: now.toISOString() })
          .where("id", "=", delivery.endpointId)
          .where("status", "=", "active")
          .where("consecutiveFailures", ">=", pauseAfter)
          .returning(["url", "format", "events", "consecutiveFailures"])
          .executeTakeFirst();
        if (paused) {
          const endpoint = { url: redactedUrl(paused.url), format: paused.format, events: JSON.parse(paused.events) as WebhookEvent[] };
          await createAuditLog(trx).record({
            actor: SYSTEM_ACTOR,
            at: now,
            kind: "webhook.pause",
            entityId: delivery.endpointId,
            before: { ...endpoint, status: "active" },
            after: { ...endpoint, status: "paused" },
          });
          const outbox = settings.outbox(trx);
          const panelUrl = `${settings.publicUrl.replace(/\/$/, "")}/admin?tab=settings`;
          for (const to of await ownerAddresses(trx)) {
            await outbox.add({ template: "webhook_paused", to, data: { url: redactedUrl(paused.url), failures: paused.consecutiveFailures, panelUrl } });
          }
        }
        return true;
      });
    },
  };
}

/** The owners' addresses (a staff member without a recorded role is an owner, as in staff-roles.ts). */
async function ownerAddresses(trx: Kysely<Database>): Promise<string[]> {
  const admin = dialectOf(trx) === "sqlite" ? sql<boolean>`"isAdmin" = 1` : sql<boolean>`"isAdmin" = true`;
  const rows = await trx
    .selectFrom("user")
    .select("email")
    .where(admin)
    .where((eb) => eb.or([eb("staffRole", "=", "owner"), eb("staffRole", "is", null)]))
    .orderBy("email")
    .execute();
  return rows.map((r) => r.email);
}
