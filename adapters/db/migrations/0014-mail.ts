import type { Kysely } from "kysely";
import { createTable, integer, primaryKey, text } from "../migration-kit.ts";

/**
 * The mail outbox (issue 19): every message the store sends is first a row here, written in the
 * transaction of the change it reports; the worker (adapters/mail/mail-worker.ts) delivers it.
 * `data` is the message's facts as JSON; subject, html and text are filled in when it is sent.
 * A row is claimed by setting `claim` and `lockedUntil` (a lease): a worker that dies holding it
 * lets the lease run out and another takes it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, "mail_outbox", {
    columns: {
      id: primaryKey("text"),
      recipient: text(),
      template: text(),
      data: text(),
      subject: text(),
      status: text({ default: "pending" }),
      attempts: integer({ default: 0 }),
      nextAttemptAt: text(),
      lockedUntil: text.nullable(),
      claim: text.nullable(),
      lastError: text.nullable(),
      html: text.nullable(),
      text: text.nullable(),
      createdAt: text(),
      sentAt: text.nullable(),
    },
    indexes: {
      mail_outbox_due: ["status", "nextAttemptAt"],
      mail_outbox_created: ["createdAt"],
      mail_outbox_recipient: ["recipient", "template"],
    },
  });
  // The promo dialog's codes: one per address, ever (the primary key decides between racing claims).
  await createTable(db, "promo_claims", { columns: { email: primaryKey("text"), discountCodeId: text(), createdAt: text() } });
  // How far a shopper has read each chat ("support:<id>", "order:<id>"), and up to which reply they
  // were emailed: a reply left unread for 10 minutes is emailed, at most one email per chat an hour.
  await createTable(db, "chat_reads", {
    columns: { chatKey: primaryKey("text"), readSeq: integer({ default: 0 }), notifiedSeq: integer({ default: 0 }), notifiedAt: text.nullable() },
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("chat_reads").ifExists().execute();
  await db.schema.dropTable("promo_claims").ifExists().execute();
  await db.schema.dropTable("mail_outbox").ifExists().execute();
}
