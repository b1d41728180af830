import { sql, type Kysely, type Selectable } from "kysely";
import type { Database, OrdersTable } from "../../adapters/db/schema.ts";
import { AT_RISK_BEFORE_MS, isLate, noClock, type DeliveryClock } from "../../domain/ordering/delivery.ts";
import { formatCents } from "../../domain/shared/money.ts";
import type { OrderView } from "./shopping.views.ts";

export type { OrderView };


const ORDER_COLUMNS = [
  "id",
  "userId",
  "status",
  "robloxUsername",
  "email",
  "subtotalCents",
  "discountCode",
  "discountCents",
  "totalCents",
  "creditAppliedCents",
  "createdAt",
  "paidAt",
  "deliveryDueAt",
  "deliveryStartedAt",
  "deliveredAt",
  "lateAt",
  "compensatedAt",
  "compensationPoints",
] as const;

type OrderRow = Pick<Selectable<OrdersTable>, (typeof ORDER_COLUMNS)[number]>;

const date = (value: string | null) => (value === null ? null : new Date(value));

/** Whether the order is late now (the domain's rule, from the stored clock). */
function lateNow(row: OrderRow, now: Date): boolean {
  const delivery: DeliveryClock = {
    ...noClock,
    paidAt: date(row.paidAt),
    dueAt: date(row.deliveryDueAt),
    deliveredAt: date(row.deliveredAt),
    lateAt: date(row.lateAt),
  };
  return isLate({ status: row.status, delivery }, now);
}

/** Orders as the API shows them, with their items; `now` decides "late" for orders not yet marked. */
async function toViews(db: Kysely<Database>, orders: OrderRow[], now: Date): Promise<OrderView[]> {
  if (orders.length === 0) return [];
  const items = await db
    .selectFrom("order_items")
    .select(["orderId", "productId", "productName", "unitPriceCents", "quantity"])
    .where("orderId", "in", orders.map((o) => o.id))
    .orderBy("productName")
    .execute();
  return orders.map((row) => {
    const { subtotalCents, discountCents, totalCents, creditAppliedCents, lateAt, compensatedAt, compensationPoints, ...order } = row;
    void lateAt;
    return {
      ...order,
      subtotal: formatCents(subtotalCents),
      discount: formatCents(discountCents),
      total: formatCents(totalCents),
      creditApplied: formatCents(creditAppliedCents),
      items: items
        .filter((item) => item.orderId === order.id)
        .map((item) => ({ productId: item.productId, productName: item.productName, price: formatCents(item.unitPriceCents), quantity: item.quantity })),
      late: lateNow(row, now),
      compensationPoints: compensatedAt === null ? null : compensationPoints,
    };
  });
}

/**
 * Orders newest first, all of them or one user's, with their items as paid and their delivery
 * clock. `limit` keeps an administrator's list bounded; the shopper's own list is small.
 */
export async function listOrders(
  db: Kysely<Database>,
  filter: { userId?: string; limit?: number; offset?: number; search?: string; now?: Date } = {},
): Promise<OrderView[]> {
  let query = searchOrders(db, filter.search)
    .select(ORDER_COLUMNS)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc");
  if (filter.userId !== undefined) query = query.where("userId", "=", filter.userId);
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  if (filter.offset) query = query.offset(filter.offset);
  return toViews(db, await query.execute(), filter.now ?? new Date());
}

/** An order in the Delivery queue: with who started delivering it (their email), for staff. */
export type QueuedOrderView = OrderView & { deliveryStartedBy: string | null };

/**
 * The delivery queue (admin): paid orders not yet delivered nor cancelled, the least time left
 * first (overdue ones on top). Bounded by `limit`; `count` is how many there are in all.
 */
export async function deliveryQueue(
  db: Kysely<Database>,
  now: Date,
  limit = 200,
): Promise<{ orders: QueuedOrderView[]; count: number; overdue: number; atRisk: number }> {
  const atRiskUntil = new Date(now.getTime() + AT_RISK_BEFORE_MS).toISOString();
  const open = db
    .selectFrom("orders")
    .where("deliveryDueAt", "is not", null)
    .where("deliveredAt", "is", null)
    .where("status", "in", ["pending", "processing"]);
  const [rows, counts] = await Promise.all([
    open.select([...ORDER_COLUMNS, "deliveryStartedBy"]).orderBy("deliveryDueAt").orderBy("id").limit(limit).execute(),
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
  ]);
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
  return { orders, count: Number(counts.n), overdue: Number(counts.overdue), atRisk: Number(counts.atRisk) };
}

/** How many orders the admin list's search finds (all orders for no search). */
export async function countOrders(db: Kysely<Database>, search?: string): Promise<number> {
  const row = await searchOrders(db, search).select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Orders whose id, email or Roblox username contains the text, case-insensitively (the admin's
 * search; blank: every order). Portable SQL: lower() and LIKE ... ESCAPE.
 */
function searchOrders(db: Kysely<Database>, search: string | undefined) {
  const text = search?.trim() ?? "";
  const query = db.selectFrom("orders");
  if (text === "") return query;
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const like = (column: "id" | "email" | "robloxUsername") => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
  return query.where((eb) => eb.or([like("id"), like("email"), like("robloxUsername")]));
}

/** One order, or null. */
export async function findOrder(db: Kysely<Database>, orderId: string, now: Date = new Date()): Promise<OrderView | null> {
  const row = await db.selectFrom("orders").select(ORDER_COLUMNS).where("id", "=", orderId).executeTakeFirst();
  if (!row) return null;
  return (await toViews(db, [row], now))[0] ?? null;
}
