import { deliveryMethodOf } from "#adapters/repositories/requirements-columns.ts";
import { type Kysely, type Selectable } from "kysely";
import { keysetPage, newestFirstAfter, type KeysetCursor } from "../shared/keyset-page.ts";
import { parseReasons } from "#adapters/repositories/risk.repository.ts";
import { acknowledgedOf, recipientOf } from "#adapters/repositories/delivery-recipient-columns.ts";
import { gamePassOf } from "#adapters/repositories/game-pass-columns.ts";
import type { Database, OrdersTable } from "#adapters/db/schema.ts";
import { isLate } from "#domain/fulfilment/delivery.ts";
import { formatCents } from "#domain/shared/money.ts";
import { boundedCount, type BoundedCount } from "../shared/bounded-count.ts";
import { matchingOrders, searchedPageIds, type OrderFilter, type PaymentFilter } from "./order-search.query.ts";
import type { CancelRequestView, OrdersPageView, OrderView, RefundView } from "./shopping.views.ts";
import { noClock, type DeliveryClock } from "#domain/orders/delivery-clock.ts";
import { holdersOfOrders, withDeliverers } from "./order-holders.query.ts";

export type { OrderView, RefundView, PaymentFilter };

/** The columns every order view is made from (toViews). */
export const ORDER_COLUMNS = [
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
  "paymentStatus",
  "refundedCents",
  "disputeStatus",
  "receipt",
  "receiptAt",
  "riskState",
  "riskScore",
  "riskReasons",
  "robloxUserId",
  "robloxDisplayName",
  "robloxAvatarUrl",
  "robloxAccountCreatedAt",
  "robloxVerified",
  "acknowledgedRequirements",
  "promiseMinutes",
  "readiness",
  "readinessNote",
  "robloxFlag",
  "robloxRenamedTo",
  "robloxProof",
  "privateServerUrl",
  "gamePassId",
  "gamePassPrice",
  "robuxDueAt",
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
  return isLate({ status: row.status, paymentStatus: row.paymentStatus, delivery }, now);
}

/** Rows grouped by their order id, in the order they came (one pass, not a filter per order). */
function byOrder<R extends { orderId: string }>(rows: readonly R[]): Map<string, R[]> {
  const groups = new Map<string, R[]>();
  for (const row of rows) {
    const group = groups.get(row.orderId);
    if (group) group.push(row);
    else groups.set(row.orderId, [row]);
  }
  return groups;
}

/**
 * Orders as the API shows them, with their items; `now` decides "late" for orders not yet marked.
 * Three batch queries for the whole page (items, refunds, payment history by `orderId in (...)`),
 * grouped once by order (issue 33: they were filtered per order, rows × orders).
 */
export async function toViews(db: Kysely<Database>, orders: OrderRow[], now: Date): Promise<OrderView[]> {
  if (orders.length === 0) return [];
  const ids = orders.map((o) => o.id);
  const [itemRows, refundRows, historyRows, cancelRows] = await Promise.all([
    // The delivery method as it was when the order was paid (migration 0057).
    db
      .selectFrom("order_items as oi")
      .select(["oi.orderId", "oi.productId", "oi.productName", "oi.gameId", "oi.unitPriceCents", "oi.quantity", "oi.deliveryMethod"])
      .where("oi.orderId", "in", ids)
      .orderBy("oi.productName")
      .execute(),
    db.selectFrom("refunds").selectAll().where("orderId", "in", ids).orderBy("createdAt").orderBy("id").execute(),
    db.selectFrom("payment_history").selectAll().where("orderId", "in", ids).orderBy("id").execute(),
    db.selectFrom("cancel_requests").select(["orderId", "status", "refundTo", "note"]).where("orderId", "in", ids).execute(),
  ]);
  const [items, refunds, history] = [byOrder(itemRows), byOrder(refundRows), byOrder(historyRows)];
  const cancelRequests = new Map(cancelRows.map((r) => [r.orderId, cancelRequestView(r)]));
  const holders = await holdersOfOrders(db, ids);
  return orders.map((row) => {
    const {
      subtotalCents,
      discountCents,
      totalCents,
      creditAppliedCents,
      refundedCents,
      lateAt,
      compensatedAt,
      compensationPoints,
      riskState,
      riskScore,
      riskReasons,
      robloxUserId,
      robloxDisplayName,
      robloxAvatarUrl,
      robloxAccountCreatedAt,
      robloxVerified,
      acknowledgedRequirements,
      promiseMinutes,
      readiness,
      readinessNote,
      robloxFlag,
      robloxRenamedTo,
      robloxProof,
      privateServerUrl,
      gamePassId,
      gamePassPrice,
      robuxDueAt,
      ...order
    } = row;
    void lateAt;
    // The recipient's columns are shown as `roblox` and `acknowledgedRequirements` below.
    void [robloxUserId, robloxDisplayName, robloxAvatarUrl, robloxAccountCreatedAt, robloxVerified, acknowledgedRequirements];
    const recipient = recipientOf(row);
    return {
      ...order,
      subtotal: formatCents(subtotalCents),
      discount: formatCents(discountCents),
      total: formatCents(totalCents),
      creditApplied: formatCents(creditAppliedCents),
      items: (items.get(order.id) ?? []).map((item) => ({
        productId: item.productId,
        productName: item.productName,
        gameId: item.gameId,
        price: formatCents(item.unitPriceCents),
        quantity: item.quantity,
        deliveryMethod: deliveryMethodOf(item.deliveryMethod),
      })),
      refundedTotal: formatCents(Number(refundedCents)),
      refunds: (refunds.get(order.id) ?? []).map(refundView),
      paymentHistory: (history.get(order.id) ?? []).map((h) => ({
        kind: h.kind,
        amount: h.amountCents === null ? null : formatCents(Number(h.amountCents)),
        note: h.note,
        at: h.at,
      })),
      late: lateNow(row, now),
      promiseMinutes: promiseMinutes === null ? null : Number(promiseMinutes),
      // Null while staff wait for the buyer: nothing is due until "I'm ready".
      dueAt: order.deliveryDueAt,
      readiness: readiness === "ready" || readiness === "waiting_for_buyer" ? readiness : null,
      readinessNote: readinessNote ?? null,
      compensationPoints: compensatedAt === null ? null : compensationPoints,
      receipt: (order.receipt as OrderView["receipt"]) ?? null,
      receiptAt: order.receiptAt ?? null,
      risk: { state: riskState, score: riskScore, reasons: parseReasons(riskReasons) },
      roblox: {
        userId: recipient.userId,
        name: order.robloxUsername,
        displayName: recipient.displayName,
        avatarUrl: recipient.avatarUrl,
        verified: recipient.verified,
        proof: robloxProof === "linked" ? "linked" : "typed",
        flag: robloxFlag === "not_found" || robloxFlag === "banned" ? robloxFlag : null,
        renamedTo: robloxRenamedTo,
      },
      privateServerUrl,
      gamePass: gamePassOf({ gamePassId, gamePassPrice }),
      robuxDueAt: robuxDueAt ?? null,
      acknowledgedRequirements: acknowledgedOf(row),
      holder: holders.get(order.id) ?? null,
      deliverer: null,
      cancelRequest: cancelRequests.get(order.id) ?? null,
    };
  });
}

function cancelRequestView(row: { status: string; refundTo: string; note: string | null }): CancelRequestView {
  return {
    status: row.status === "granted" || row.status === "refused" ? row.status : "open",
    refundTo: row.refundTo === "credit" ? "credit" : "payment",
    note: row.note,
  };
}

/**
 * One page of a shopper's orders, newest first, after the order `before` (the previous page's last
 * order; the first page without it). Keyset paging on (createdAt, id) through the index
 * orders_user_created: the 50th page costs what the first does. `nextCursor` is the last order's id
 * when more orders follow, else null. A `before` that is not one of the user's own orders answers an
 * empty page: a cursor is looked up among the user's orders only.
 */
export async function listOrdersPageOfUser(
  db: Kysely<Database>,
  userId: string,
  page: { before?: string | undefined; limit: number },
  now: Date,
): Promise<OrdersPageView> {
  let cursor: KeysetCursor | null = null;
  if (page.before !== undefined) {
    const found = await db.selectFrom("orders").select(["createdAt", "id"]).where("id", "=", page.before).where("userId", "=", userId).executeTakeFirst();
    if (!found) return { orders: [], nextCursor: null };
    cursor = found;
  }
  const query = db.selectFrom("orders").select(ORDER_COLUMNS).where("userId", "=", userId);
  const { shown, nextCursor } = keysetPage(await newestFirstAfter(query, cursor, page.limit).execute(), page.limit);
  return { orders: await withDeliverers(db, (await toViews(db, shown, now)).map(forShopper)), nextCursor };
}

/**
 * Orders newest first, all of them or one user's, with their items as paid and their delivery
 * clock. `limit` keeps an administrator's list bounded; a shopper's own list pages with
 * listOrdersPageOfUser.
 */
export async function listOrders(db: Kysely<Database>, filter: OrderFilter & { limit?: number; offset?: number; now?: Date } = {}): Promise<OrderView[]> {
  const pageIds = filter.limit === undefined ? null : searchedPageIds(db, filter, { limit: filter.limit, offset: filter.offset ?? 0 });
  let query = (pageIds ? db.selectFrom("orders").where("id", "in", pageIds) : matchingOrders(db, filter))
    .select(ORDER_COLUMNS)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc");
  if (!pageIds && filter.limit !== undefined) query = query.limit(filter.limit);
  if (!pageIds && filter.offset) query = query.offset(filter.offset);
  return toViews(db, await query.execute(), filter.now ?? new Date());
}

/** An order as its shopper sees it: the risk state, without the score and reasons staff read. */
export function forShopper<V extends OrderView>(view: V): V {
  return { ...view, risk: { state: view.risk.state }, roblox: { ...view.roblox, flag: null, renamedTo: null }, holder: null };
}

/** A refund row as the API shows it. */
export function refundView(row: {
  id: string;
  orderId: string;
  amountCents: number;
  destination: string;
  status: string;
  reason: string;
  createdAt: string;
}): RefundView {
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

/**
 * How many orders the admin list's search and filters find (all orders for none), up to
 * COUNT_CAP: the panel shows "10,000+" past it.
 */
export async function countOrders(db: Kysely<Database>, search?: string, status?: string, payment?: PaymentFilter, risk?: "held"): Promise<BoundedCount> {
  return boundedCount(db, matchingOrders(db, { search, status, payment, risk }));
}

/** One order, or null. */
export async function findOrder(db: Kysely<Database>, orderId: string, now: Date = new Date()): Promise<OrderView | null> {
  const row = await db.selectFrom("orders").select(ORDER_COLUMNS).where("id", "=", orderId).executeTakeFirst();
  if (!row) return null;
  return (await toViews(db, [row], now))[0] ?? null;
}
