import { sql, type Kysely } from "kysely";
import { OPEN_DELIVERIES } from "#adapters/db/migrations/0027-list-indexes.ts";
import { WAITING_FOR_BUYER } from "#adapters/db/migrations/0058-delivery-promises-and-readiness.ts";
import type { Database } from "#adapters/db/schema.ts";
import { AT_RISK_BEFORE_MS } from "#domain/fulfilment/delivery.ts";
import { countOrders, ORDER_COLUMNS, toViews, type OrderView } from "./orders.queries.ts";
/** An order in the Delivery queue: with who started delivering it (their email), for staff. */
export type QueuedOrderView = OrderView & { deliveryStartedBy: string | null };

/**
 * The delivery queue (admin): paid orders not yet delivered nor cancelled, the least time left
 * first (overdue ones on top). Bounded by `limit`; `count` is how many there are in all. `held`
 * counts the paid orders waiting in the Risk queue instead (issue 47): out of this queue until staff
 * decide, but work all the same, so the Orders tab's badge and the Risk queue's button count them.
 */
export async function deliveryQueue(
  db: Kysely<Database>,
  now: Date,
  limit = 200,
): Promise<{ orders: QueuedOrderView[]; count: number; overdue: number; atRisk: number; held: number; waiting: number }> {
  const atRiskUntil = new Date(now.getTime() + AT_RISK_BEFORE_MS).toISOString();
  // The partial index orders_delivery_open (0027) holds exactly these rows: its predicate verbatim,
  // literals and all, is what lets SQLite's planner use it.
  const open = db.selectFrom("orders").where(sql<boolean>`${sql.raw(OPEN_DELIVERIES)}`);
  // Orders waiting for their buyer have no deadline: listed after those that do, longest waiting first.
  const waitingOrders = db.selectFrom("orders").where(sql<boolean>`${sql.raw(WAITING_FOR_BUYER)}`);
  const [timed, counts, held, waitingRows, waiting] = await Promise.all([
    open
      .select([...ORDER_COLUMNS, "deliveryStartedBy"])
      .orderBy("deliveryDueAt")
      .orderBy("id")
      .limit(limit)
      .execute(),
    open
      .select((eb) => [
        eb.fn.countAll<number | string>().as("n"),
        eb.fn.count<number | string>(eb.case().when("deliveryDueAt", "<", now.toISOString()).then(1).end()).as("overdue"),
        // Nobody has started it and its deadline is at most 5 minutes away (the warning).
        eb.fn
          .count<number | string>(
            eb
              .case()
              .when(
                eb.and([
                  eb("status", "=", "pending"),
                  eb("deliveryStartedAt", "is", null),
                  eb("deliveryDueAt", ">=", now.toISOString()),
                  eb("deliveryDueAt", "<=", atRiskUntil),
                ]),
              )
              .then(1)
              .end(),
          )
          .as("atRisk"),
      ])
      .executeTakeFirstOrThrow(),
    // The Risk queue's own count (on orders_risk_held, 0033), bounded like every admin list's total.
    countOrders(db, undefined, undefined, undefined, "held"),
    waitingOrders
      .select([...ORDER_COLUMNS, "deliveryStartedBy"])
      .orderBy("readinessAt")
      .orderBy("id")
      .limit(limit)
      .execute(),
    waitingOrders.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const rows = [...timed, ...waitingRows].slice(0, limit);
  // Who took each order: the staff member's email (shown to staff only, never in the shopper's API).
  const takers = [...new Set(rows.map((r) => r.deliveryStartedBy).filter((id): id is string => id !== null))];
  const emails = new Map(
    takers.length === 0 ? [] : (await db.selectFrom("user").select(["id", "email"]).where("id", "in", takers).execute()).map((u) => [u.id, u.email] as const),
  );
  const views = await toViews(db, rows, now);
  const orders = views.map((view, i) => {
    const taker = rows[i]!.deliveryStartedBy;
    return { ...view, deliveryStartedBy: taker === null ? null : (emails.get(taker) ?? "a former administrator") };
  });
  return {
    orders,
    count: Number(counts.n) + Number(waiting.n),
    overdue: Number(counts.overdue),
    atRisk: Number(counts.atRisk),
    held: held.total,
    waiting: Number(waiting.n),
  };
}
