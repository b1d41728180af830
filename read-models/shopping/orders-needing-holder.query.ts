import { sql, type Kysely } from "kysely";
import { OPEN_DELIVERIES } from "#adapters/db/migrations/0027-list-indexes.ts";
import type { Database } from "#adapters/db/schema.ts";
import { ORDER_COLUMNS, toViews } from "./orders.queries.ts";
import type { OrderView } from "./shopping.views.ts";
import { boundedCount } from "../shared/bounded-count.ts";

/**
 * The open orders (paid, not delivered, not cancelled) with units reserved on a lost holder: they
 * wait for staff to give them another. Read from the few lost holders (holders_status) through
 * their reservations (holder_reservations_holder); oldest deadline first.
 */
function waiting(db: Kysely<Database>) {
  return db
    .selectFrom("orders")
    .where(sql<boolean>`${sql.raw(OPEN_DELIVERIES)}`)
    .where(
      "id",
      "in",
      db.selectFrom("holders as h").innerJoin("holder_reservations as r", "r.holderId", "h.id").select("r.orderId").where("h.status", "=", "lost"),
    );
}

export async function ordersNeedingHolder(
  db: Kysely<Database>,
  page: { limit: number; offset: number },
  now: Date,
): Promise<{ orders: OrderView[]; total: number }> {
  const [rows, counted] = await Promise.all([
    waiting(db).select(ORDER_COLUMNS).orderBy("deliveryDueAt").orderBy("id").limit(page.limit).offset(page.offset).execute(),
    countOrdersNeedingHolder(db),
  ]);
  return { orders: await toViews(db, rows, now), total: counted };
}

/** How many orders wait for another holder: the Delivery tab's count. */
export async function countOrdersNeedingHolder(db: Kysely<Database>): Promise<number> {
  return (await boundedCount(db, waiting(db))).total;
}
