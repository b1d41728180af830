import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";

/** What an on-call person watches, read at scrape time: backlogs and how late they are. */
export interface OperationsFigures {
  /** Emails not yet sent (pending), and the age in seconds of the oldest (0 when none). */
  outboxPending: number;
  outboxOldestPendingSeconds: number;
  /** Payments held for review that reconciliation still has to settle, and how many are past their due time. */
  reconciliationBacklog: number;
  reconciliationOverdue: number;
  /** Paid orders not delivered nor cancelled (the delivery queue), and those past their deadline. */
  deliveryQueue: number;
  lateOrders: number;
}

/** Four small aggregate queries, each on an indexed or small table; the caller caches the answer for a few seconds. */
export async function operationsFigures(db: Kysely<Database>, now: Date): Promise<OperationsFigures> {
  const at = now.toISOString();
  const [outbox, checks, orders] = await Promise.all([
    db
      .selectFrom("mail_outbox")
      .where("status", "=", "pending")
      .select((eb) => [eb.fn.countAll<number | string>().as("n"), eb.fn.min("createdAt").as("oldest")])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("payment_checks")
      .select((eb) => [eb.fn.countAll<number | string>().as("n"), eb.fn.count<number | string>(eb.case().when("dueAt", "<", at).then(1).end()).as("overdue")])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("orders")
      .where("deliveryDueAt", "is not", null)
      .where("deliveredAt", "is", null)
      .where("status", "in", ["pending", "processing"])
      .select((eb) => [
        eb.fn.countAll<number | string>().as("n"),
        eb.fn.count<number | string>(eb.case().when("deliveryDueAt", "<", at).then(1).end()).as("late"),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const oldest = outbox.oldest ? Date.parse(String(outbox.oldest)) : NaN;
  return {
    outboxPending: Number(outbox.n),
    outboxOldestPendingSeconds: Number.isNaN(oldest) ? 0 : Math.max(0, (now.getTime() - oldest) / 1000),
    reconciliationBacklog: Number(checks.n),
    reconciliationOverdue: Number(checks.overdue),
    deliveryQueue: Number(orders.n),
    lateOrders: Number(orders.late),
  };
}
