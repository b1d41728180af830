import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import type { Tx } from "#adapters/db/database.ts";
import { createMailOutbox, createMailQueue } from "#adapters/mail/mail-outbox.repository.ts";
import type { MailWorker } from "#adapters/mail/mail-worker.ts";
import { administratorAddresses, queueAdminDigest } from "#adapters/mail/admin-digest.ts";
import { queueChatReplyEmails } from "#adapters/mail/chat-reply-notices.ts";
import { queueRestockEmails } from "#adapters/mail/restock-notices.ts";
import { createFileTransport, createSmtpTransport } from "#adapters/mail/smtp-transport.ts";
import { createMailRenderer } from "#adapters/mail/templates.ts";
import type { Logger } from "#adapters/log/logger.ts";
import type { Metrics } from "#adapters/metrics/metrics.ts";
import type { Tracing } from "#adapters/tracing/tracing.ts";
import { outboxWorker } from "./job-timing.ts";
import { withRequestId } from "#adapters/log/request-context.ts";
import { createMailModule, type MailModule } from "#domain/mail/mail.module.ts";
import type { MailTransport, MailRenderer } from "#domain/mail/mail-delivery.port.ts";
import type { MailOutbox } from "#domain/mail/mail-outbox.port.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { IdGenerator } from "#domain/shared/id-generator.port.ts";
import type { Config } from "./config.ts";

/**
 * The mail module as the composition root builds it (issue 19): the domain's delivery round bound
 * to the outbox table, the templates and the transport, run by an in-process worker. Called by
 * app.ts only.
 */
export interface Mail extends MailModule {
  /** The outbox bound to a transaction: units of work add their messages through it. */
  outbox(trx: Tx): MailOutbox;
  /** Delivers what the outbox holds: started by runApp (src/server/run-app.ts), drained by tests and the CLI. */
  worker: MailWorker;
  renderer: MailRenderer;
  transport: MailTransport;
}

/** How long a worker holds a message it took: well over the SMTP transport's own timeouts. */
export const MAIL_LEASE_MS = 5 * 60 * 1000;
const BATCH_SIZE = 20;
const POLL_INTERVAL_MS = 5000;
const NOTICE_ERRORS = {
  chatReplies: "unread chat replies could not be emailed",
  adminDigest: "the administrators' digest could not be written",
  restocks: "back-in-stock emails could not be written",
} as const;

export function createMail(
  db: Kysely<Database>,
  config: Config,
  deps: { clock: Clock; ids: IdGenerator; log: Logger; metrics?: Metrics | null; tracing?: Tracing | null },
  transport?: MailTransport,
): Mail {
  const renderer = createMailRenderer({ shopName: config.shop.name, publicUrl: config.publicUrl, supportEmail: config.shop.supportEmail });
  const chosen =
    transport ??
    (config.mail.transport === "smtp"
      ? createSmtpTransport({ url: config.mail.url, from: config.mail.from, publicUrl: config.publicUrl })
      : createFileTransport({ folder: config.mail.folder, from: config.mail.from, publicUrl: config.publicUrl }));
  const notify = config.adminNotify;
  const outbox = (trx: Tx) => createMailOutbox(trx, { ids: deps.ids, clock: deps.clock, shopName: config.shop.name });
  const module = createMailModule({
    queue: createMailQueue(db),
    renderer,
    transport: chosen,
    inRequest: (requestId, deliver) => (requestId ? withRequestId(requestId, deliver) : deliver()),
    chatReplies: { queueDue: (now) => queueChatReplyEmails(db, { now, outbox }) },
    restocks: { queueDue: (now) => queueRestockEmails(db, { now, outbox }) },
    adminDigest:
      notify.to === "nobody"
        ? null
        : {
            queueDue: (now) =>
              queueAdminDigest(db, { now, outbox, recipients: async (trx) => (notify.to === "addresses" ? notify.addresses : administratorAddresses(trx)) }),
          },
    clock: deps.clock,
    ids: deps.ids,
    batchSize: BATCH_SIZE,
    leaseMs: MAIL_LEASE_MS,
    onNoticeError: (notice, error) => deps.log.error({ err: error }, NOTICE_ERRORS[notice]),
  });
  const worker = outboxWorker(
    deps,
    {
      name: "mail_delivery",
      what: "mail",
      warning: "some emails could not be delivered",
      error: "mail delivery round failed",
      batchSize: BATCH_SIZE,
      intervalMs: POLL_INTERVAL_MS,
    },
    () => module.deliverDueMail(),
  );
  return {
    outbox: (trx) => createMailOutbox(trx, { ids: deps.ids, clock: deps.clock, shopName: config.shop.name, onAdded: () => worker.wake() }),
    ...module,
    worker,
    renderer,
    transport: chosen,
  };
}
