import { sql, type Kysely } from "kysely";
import type { Database } from "../../adapters/db/schema.ts";
import { formatCents } from "../../domain/shared/money.ts";
import type { OrderView, RefundView } from "./shopping.views.ts";

export type { OrderView, RefundView };

/** The admin list's payment filter: awaiting payment, refunded (in part or in full), disputed or reversed. */
export type PaymentFilter = "awaiting" | "refunded" | "disputed";


/**
 * Orders newest first, all of them or one user's, with their items as paid. `limit` keeps an
 * administrator's list bounded; the shopper's own list is small.
 */
export async function listOrders(
  db: Kysely<Database>,
  filter: { userId?: string; limit?: number; offset?: number; search?: string | undefined; status?: string | undefined; payment?: PaymentFilter } = {},
): Promise<OrderView[]> {
  let query = searchOrders(db, filter.search, filter.status, filter.payment)
    .select([
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
      "paymentStatus",
      "refundedCents",
      "disputeStatus",
    ])
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc");
  if (filter.userId !== undefined) query = query.where("userId", "=", filter.userId);
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  if (filter.offset) query = query.offset(filter.offset);
  const orders = await query.execute();
  if (orders.length === 0) return [];
  const items = await db
    .selectFrom("order_items")
    .select(["orderId", "productId", "productName", "unitPriceCents", "quantity"])
    .where("orderId", "in", orders.map((o) => o.id))
    .orderBy("productName")
    .execute();
  const ids = orders.map((o) => o.id);
  const [refunds, history] = await Promise.all([
    db.selectFrom("refunds").selectAll().where("orderId", "in", ids).orderBy("createdAt").orderBy("id").execute(),
    db.selectFrom("payment_history").selectAll().where("orderId", "in", ids).orderBy("id").execute(),
  ]);
  return orders.map(({ subtotalCents, discountCents, totalCents, creditAppliedCents, refundedCents, ...order }) => ({
    ...order,
    subtotal: formatCents(subtotalCents),
    discount: formatCents(discountCents),
    total: formatCents(totalCents),
    creditApplied: formatCents(creditAppliedCents),
    items: items
      .filter((item) => item.orderId === order.id)
      .map((item) => ({ productId: item.productId, productName: item.productName, price: formatCents(item.unitPriceCents), quantity: item.quantity })),
    refundedTotal: formatCents(Number(refundedCents)),
    refunds: refunds.filter((r) => r.orderId === order.id).map(refundView),
    paymentHistory: history
      .filter((h) => h.orderId === order.id)
      .map((h) => ({ kind: h.kind, amount: h.amountCents === null ? null : formatCents(Number(h.amountCents)), note: h.note, at: h.at })),
  }));
}

/** A refund row as the API shows it. */
export function refundView(row: { id: string; orderId: string; amountCents: number; destination: string; status: string; reason: string; createdAt: string }): RefundView {
  return {
    id: row.id,
    orderId: row.orderId,
    amount: formatCents(Number(row.amountCents)),
    destination: row.destination,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt,
  };
}

/** How many orders the admin list's search and filters find (all orders for none). */
export async function countOrders(db: Kysely<Database>, search?: string, status?: string, payment?: PaymentFilter): Promise<number> {
  const row = await searchOrders(db, search, status, payment).select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Orders whose id, email or Roblox username contains the text, case-insensitively (the admin's
 * search; blank: every order). Portable SQL: lower() and LIKE ... ESCAPE.
 */
function searchOrders(db: Kysely<Database>, search: string | undefined, status?: string, payment?: PaymentFilter) {
  const text = search?.trim() ?? "";
  let query = db.selectFrom("orders");
  if (status !== undefined) query = query.where("status", "=", status);
  if (payment === "awaiting") query = query.where("paymentStatus", "=", "awaiting");
  if (payment === "refunded") query = query.where("paymentStatus", "in", ["partially_refunded", "refunded"]);
  if (payment === "disputed") query = query.where((eb) => eb.or([eb("disputeStatus", "is not", null), eb("paymentStatus", "=", "reversed")]));
  if (text === "") return query;
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const like = (column: "id" | "email" | "robloxUsername") => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
  return query.where((eb) => eb.or([like("id"), like("email"), like("robloxUsername")]));
}

/** One order, or null. */
export async function findOrder(db: Kysely<Database>, orderId: string): Promise<OrderView | null> {
  const row = await db.selectFrom("orders").select("userId").where("id", "=", orderId).executeTakeFirst();
  if (!row) return null;
  return (await listOrders(db, { userId: row.userId })).find((order) => order.id === orderId) ?? null;
}
