import { sql, type Kysely } from "kysely";
import { OPEN_DELIVERIES } from "#adapters/db/migrations/0027-list-indexes.ts";
import type { Database } from "#adapters/db/schema.ts";
import type { OperationsFigures } from "#adapters/metrics/metrics.ts";

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
      // The delivery queue's own predicate (read-models/shopping/orders.queries.ts): read from its
      // partial index, and a refunded order is no longer counted as owed (issue 32).
      .where(sql<boolean>`${sql.raw(OPEN_DELIVERIES)}`)
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
