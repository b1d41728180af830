import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import type { Tx } from "#adapters/db/database.ts";
import type { Logger } from "#adapters/log/logger.ts";
import type { Metrics } from "#adapters/metrics/metrics.ts";
import type { Tracing } from "#adapters/tracing/tracing.ts";
import type { MailWorker } from "#adapters/mail/mail-worker.ts";
import { createHttpWebhookSender, randomWebhookSecrets, WEBHOOK_TIMEOUT_MS } from "#adapters/webhooks/http-webhook-sender.ts";
import { createWebhooksUnitOfWork } from "#adapters/webhooks/webhook-endpoints.repository.ts";
import { webhookOutboxListener } from "#adapters/webhooks/webhook-outbox.listener.ts";
import { createWebhookQueue } from "#adapters/webhooks/webhook-queue.repository.ts";
import { createWebhookTargets } from "#adapters/webhooks/webhook-targets.ts";
import type { EventListener } from "#adapters/repositories/event-log.repository.ts";
import { createWebhooksModule, type WebhooksModule } from "#domain/webhooks/webhooks.module.ts";
import type { MailOutbox } from "#domain/mail/mail-outbox.port.ts";
import type { WebhookSender } from "#domain/webhooks/webhook.port.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { IdGenerator } from "#domain/shared/id-generator.port.ts";
import type { Config } from "./config.ts";
import { outboxWorker } from "./job-timing.ts";

/**
 * Outgoing webhooks as the composition root builds them (issue 38): the listener that writes
 * deliveries in every append's transaction, the module, and its worker (the mail's worker loop:
 * started by runApp, drained by tests). Called by app.ts only.
 */
export interface Webhooks extends WebhooksModule {
  /** Goes into app.eventListeners: writes the deliveries of each appended event. */
  listener: EventListener;
  worker: MailWorker;
}

const BATCH_SIZE = 10;
const POLL_INTERVAL_MS = 5000;
/** Well over one attempt (WEBHOOK_TIMEOUT_MS), times a full batch sent one after another. */
export const WEBHOOK_LEASE_MS = WEBHOOK_TIMEOUT_MS * BATCH_SIZE * 2;

export function createWebhooks(
  db: Kysely<Database>,
  config: Config,
  deps: { clock: Clock; ids: IdGenerator; log: Logger; outbox: (trx: Tx) => MailOutbox; metrics?: Metrics | null; tracing?: Tracing | null },
  sender?: WebhookSender,
): Webhooks {
  const module = createWebhooksModule({
    unitOfWork: createWebhooksUnitOfWork(db),
    queue: createWebhookQueue(db, { outbox: deps.outbox, publicUrl: config.publicUrl, clock: deps.clock }),
    sender:
      sender ?? createHttpWebhookSender({ allowLocal: config.webhooksAllowLocal, userAgent: `${config.shop.name} webhooks`, now: () => deps.clock.now() }),
    targets: createWebhookTargets(config.webhooksAllowLocal),
    secrets: randomWebhookSecrets,
    clock: deps.clock,
    ids: deps.ids,
    batchSize: BATCH_SIZE,
    leaseMs: WEBHOOK_LEASE_MS,
  });
  const worker = outboxWorker(
    deps,
    {
      name: "webhook_delivery",
      what: "webhooks",
      warning: "some webhook deliveries failed",
      error: "webhook delivery round failed",
      batchSize: BATCH_SIZE,
      intervalMs: POLL_INTERVAL_MS,
    },
    () => module.deliverDueWebhooks(),
  );
  const listener = webhookOutboxListener({
    ids: deps.ids,
    clock: deps.clock,
    shopName: config.shop.name,
    publicUrl: config.publicUrl,
    onAdded: () => worker.wake(),
  });
  return { ...module, listener, worker };
}
