import { currentRequestId } from "#adapters/log/request-context.ts";
import { sql, type Kysely } from "kysely";
import * as z from "zod";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { IdGenerator } from "#domain/shared/id-generator.port.ts";
import type { Mail } from "#domain/mail/mail.ts";
import type { MailOutbox } from "#domain/mail/mail-outbox.port.ts";
import type { ClaimedMail, MailQueue } from "#domain/mail/mail-delivery.port.ts";
import { dialectOf, type Tx } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import { verifiedOwnerOf } from "../db/verified-owner.ts";
import { subjectOf } from "./mail-content.ts";

export interface OutboxSettings {
  ids: IdGenerator;
  clock: Clock;
  shopName: string;
  /** Told after a message is added (the worker looks a moment later, once the transaction has committed). */
  onAdded?: () => void;
}

/**
 * The outbox bound to one transaction (`trx`): a message added here is a row written by that
 * transaction, so it exists exactly when the change it reports does.
 */
export function createMailOutbox(trx: Tx, settings: OutboxSettings): MailOutbox {
  return {
    async add(message, forUserId) {
      let mail: Mail;
      let owner = forUserId ?? null;
      if ("toUserId" in message) {
        owner = message.toUserId;
        const user = await trx.selectFrom("user").select("email").where("id", "=", message.toUserId).executeTakeFirst();
        if (!user) return;
        const { toUserId: _toUserId, ...rest } = message;
        mail = { ...rest, to: user.email };
      } else {
        mail = message;
      }
      const now = settings.clock.now().toISOString();
      await trx
        .insertInto("mail_outbox")
        .values({
          id: settings.ids.newId(),
          recipient: mail.to,
          template: mail.template,
          data: JSON.stringify(mail.data),
          subject: subjectOf(mail, settings.shopName),
          status: "pending",
          attempts: 0,
          nextAttemptAt: now,
          lockedUntil: null,
          claim: null,
          lastError: null,
          html: null,
          text: null,
          createdAt: now,
          sentAt: null,
          userId: owner ?? verifiedOwnerOf(mail.to),
          // The request that caused this email, so its delivery logs under the same id.
          requestId: currentRequestId() ?? null,
        })
        .execute();
      settings.onAdded?.();
    },
  };
}

// The row's facts were written by createMailOutbox from a typed Mail; only their shape is checked here.
const StoredMail = z.object({ template: z.string(), to: z.string(), data: z.record(z.string(), z.unknown()) });

function toMail(row: { template: string; recipient: string; data: string }): Mail {
  return StoredMail.parse({ template: row.template, to: row.recipient, data: JSON.parse(row.data) }) as Mail;
}

/**
 * The outbox as the workers see it. A claim is one UPDATE of the due rows picked by a sub-select;
 * on PostgreSQL the sub-select locks them FOR UPDATE SKIP LOCKED, so several processes claiming at
 * once each get different rows and none waits for another. On SQLite the one writer at a time gives
 * the same. The lease (`lockedUntil`) keeps a claimed row from being taken again while it is sent.
 */
export function createMailQueue(db: Kysely<Database>): MailQueue {
  const postgres = dialectOf(db) === "postgres";
  const owned = (id: string, claim: string) => db.updateTable("mail_outbox").where("id", "=", id).where("claim", "=", claim).where("status", "=", "pending");
  return {
    async claim({ now, limit, leaseUntil, claim }) {
      const at = now.toISOString();
      let due = db
        .selectFrom("mail_outbox")
        .select("id")
        .where("status", "=", "pending")
        .where("nextAttemptAt", "<=", at)
        .where((eb) => eb.or([eb("lockedUntil", "is", null), eb("lockedUntil", "<=", at)]))
        .orderBy("nextAttemptAt")
        .orderBy("createdAt")
        .limit(limit);
      if (postgres) due = due.forUpdate().skipLocked();
      const rows = await db
        .updateTable("mail_outbox")
        .set({ claim, lockedUntil: leaseUntil.toISOString(), attempts: sql<number>`"attempts" + 1` })
        .where("id", "in", due)
        .returning(["id", "recipient", "template", "data", "attempts", "nextAttemptAt", "createdAt", "requestId"])
        .execute();
      // UPDATE ... RETURNING answers in no particular order: oldest first, so a shopper's emails go out as they happened.
      rows.sort((a, b) => a.nextAttemptAt.localeCompare(b.nextAttemptAt) || a.createdAt.localeCompare(b.createdAt));
      return rows.map((row): ClaimedMail => ({ id: row.id, mail: toMail(row), attempts: row.attempts, claim, requestId: row.requestId }));
    },
    async markSent(id, claim, at, rendered) {
      const result = await owned(id, claim)
        .set({
          status: "sent",
          sentAt: at.toISOString(),
          lockedUntil: null,
          lastError: null,
          subject: rendered.subject,
          html: rendered.html,
          text: rendered.text,
          ...(rendered.data !== undefined ? { data: rendered.data } : {}),
        })
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async markRetry(id, claim, nextAttemptAt, error) {
      const result = await owned(id, claim)
        .set({ nextAttemptAt: nextAttemptAt.toISOString(), lockedUntil: null, lastError: error.slice(0, 1000) })
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async markFailed(id, claim, error) {
      const result = await owned(id, claim)
        .set({ status: "failed", lockedUntil: null, lastError: error.slice(0, 1000) })
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
