import { sql, type Selectable, type SelectQueryBuilder } from "kysely";
import { acknowledgedOf, recipientColumns, recipientOf } from "./delivery-recipient-columns.ts";
import { gamePassColumns, gamePassOf } from "./game-pass-columns.ts";
import {
  ORDER_STATUSES,
  type Order,
  type OrderStatus,
  DISPUTE_STATUSES,
  PAYMENT_STATUSES,
  type DisputeStatus,
  type PaymentStatus,
} from "#domain/orders/order.ts";
import type { OrderRepository } from "#domain/orders/order-repository.port.ts";
import { OFF_THE_CLOCK_PAYMENT_STATUSES } from "#domain/fulfilment/delivery.ts";
import { UNSETTLED_LATENESS } from "../db/migrations/0027-list-indexes.ts";
import type { Database, OrdersTable } from "../db/schema.ts";
import { skippingLockedRows } from "../db/transaction-locks.ts";
import type { Tx } from "../db/database.ts";
import { READINESS, type DeliveryClock, type Readiness } from "#domain/orders/delivery-clock.ts";
import { totalsOf } from "./order-totals-columns.ts";

const date = (value: string | null): Date | null => (value === null ? null : new Date(value));
const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

function clockOf(row: Selectable<OrdersTable>): DeliveryClock {
  return {
    paidAt: date(row.paidAt),
    dueAt: date(row.deliveryDueAt),
    startedAt: date(row.deliveryStartedAt),
    startedBy: row.deliveryStartedBy,
    deliveredAt: date(row.deliveredAt),
    lateAt: date(row.lateAt),
    compensatedAt: date(row.compensatedAt),
    compensationPoints: row.compensationPoints,
    atRiskAt: date(row.atRiskAt),
    promiseMinutes: row.promiseMinutes === null ? null : Number(row.promiseMinutes),
    readiness: readinessOf(row.readiness),
  };
}

function readinessOf(value: string | null): Readiness | null {
  return (READINESS as readonly (string | null)[]).includes(value) ? (value as Readiness) : null;
}

function toStatus(value: string): OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value) ? (value as OrderStatus) : "pending";
}

function toPaymentStatus(value: string): PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(value) ? (value as PaymentStatus) : "paid";
}

function toDispute(value: string | null): DisputeStatus | null {
  return value !== null && (DISPUTE_STATUSES as readonly string[]).includes(value) ? (value as DisputeStatus) : null;
}

export function createOrderRepository(db: Tx): OrderRepository {
  async function withItems(row: Selectable<OrdersTable> | undefined): Promise<Order | null> {
    if (!row) return null;
    const items = await db
      .selectFrom("order_items")
      .select(["id", "productId", "productName", "gameId", "unitPriceCents", "quantity"])
      .where("orderId", "=", row.id)
      .orderBy("productName")
      .execute();
    return {
      id: row.id,
      userId: row.userId,
      status: toStatus(row.status),
      robloxUsername: row.robloxUsername,
      recipient: recipientOf(row),
      acknowledgedRequirements: acknowledgedOf(row),
      gamePass: gamePassOf(row),
      robuxDueAt: row.robuxDueAt ? new Date(row.robuxDueAt) : null,
      email: row.email,
      items: items.map(({ unitPriceCents, ...item }) => ({ ...item, unitPrice: unitPriceCents })),
      ...totalsOf(row),
      paymentProvider: row.paymentProvider,
      paymentId: row.paymentId,
      captureId: row.captureId,
      checkoutId: row.checkoutId,
      stockReturned: row.stockReturned === 1,
      createdAt: new Date(row.createdAt),
      paymentStatus: toPaymentStatus(row.paymentStatus),
      refunded: Number(row.refundedCents),
      refundedToPayment: Number(row.refundedToPaymentCents),
      dispute: toDispute(row.disputeStatus),
      delivery: clockOf(row),
    };
  }

  /** The first order of a claim query not in `except`, locked for the transaction (rows others hold are skipped). */
  async function claimFirst(query: SelectQueryBuilder<Database, "orders", { id: string }>, except: readonly string[]): Promise<Order | null> {
    const open = except.length > 0 ? query.where("id", "not in", [...except]) : query;
    const row = await skippingLockedRows(db, open).executeTakeFirst();
    return row ? withItems(await db.selectFrom("orders").selectAll().where("id", "=", row.id).executeTakeFirst()) : null;
  }

  return {
    async addIfNewPayment(order, at) {
      const now = at.toISOString();
      // ON CONFLICT DO NOTHING (SQLite and PostgreSQL): a second order for one payment is simply not inserted.
      const inserted = await db
        .insertInto("orders")
        .values({
          id: order.id,
          userId: order.userId,
          status: order.status,
          robloxUsername: order.robloxUsername,
          email: order.email,
          subtotalCents: order.subtotal,
          discountCodeId: order.discountCodeId,
          discountCode: order.discountCode,
          discountCents: order.discount,
          totalCents: order.total,
          creditAppliedCents: order.creditApplied,
          paymentProvider: order.paymentProvider,
          paymentId: order.paymentId,
          captureId: order.captureId,
          checkoutId: order.checkoutId,
          stockReturned: order.stockReturned ? 1 : 0,
          createdAt: order.createdAt.toISOString(),
          updatedAt: now,
          paymentStatus: order.paymentStatus,
          refundedCents: order.refunded,
          refundedToPaymentCents: order.refundedToPayment,
          disputeStatus: order.dispute,
          paidAt: iso(order.delivery.paidAt),
          deliveryDueAt: iso(order.delivery.dueAt),
          ...recipientColumns(order.recipient, order.acknowledgedRequirements),
          ...gamePassColumns(order.gamePass),
        })
        .onConflict((oc) => oc.column("paymentId").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!inserted) return false;
      if (order.items.length > 0) {
        await db
          .insertInto("order_items")
          .values(order.items.map(({ unitPrice, ...item }) => ({ ...item, unitPriceCents: unitPrice, orderId: order.id })))
          .execute();
        // What the order keeps of its products as they are now, at payment: each item's delivery
        // method (a product changed later does not change a paid order) and the private server
        // of the first private-server item that names one (staff may give the order another).
        await sql`update order_items set "deliveryMethod" = coalesce((select p."deliveryMethod" from products p where p.id = order_items."productId"), 'trade') where "orderId" = ${order.id}`.execute(
          db,
        );
        await sql`update orders set "privateServerUrl" = (select p."privateServerUrl" from order_items oi join products p on p.id = oi."productId" where oi."orderId" = orders.id and oi."deliveryMethod" = 'private_server' and p."privateServerUrl" is not null order by oi."productName", oi.id limit 1) where id = ${order.id}`.execute(
          db,
        );
      }
      return true;
    },
    async byPaymentId(paymentId) {
      return withItems(await db.selectFrom("orders").selectAll().where("paymentId", "=", paymentId).executeTakeFirst());
    },
    async byId(orderId) {
      return withItems(await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst());
    },
    async byCaptureId(captureId) {
      return withItems(await db.selectFrom("orders").selectAll().where("captureId", "=", captureId).executeTakeFirst());
    },
    async changeStatus(orderId, from, to, stockReturned, at, delivery) {
      const result = await db
        .updateTable("orders")
        .set({
          status: to,
          stockReturned: stockReturned ? 1 : 0,
          updatedAt: at.toISOString(),
          deliveryStartedAt: iso(delivery.startedAt),
          deliveryStartedBy: delivery.startedBy,
          deliveredAt: iso(delivery.deliveredAt),
          lateAt: iso(delivery.lateAt),
          // A new delivery (staff re-delivering after "I didn't get it") asks its shopper again.
          ...(to === "completed" ? { receipt: null, receiptAt: null } : {}),
        })
        .where("id", "=", orderId)
        .where("status", "=", from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async startClock(orderId, clock) {
      const result = await db
        .updateTable("orders")
        .set({ paidAt: clock.paidAt.toISOString(), deliveryDueAt: clock.dueAt?.toISOString() ?? null, promiseMinutes: clock.promiseMinutes })
        .where("id", "=", orderId)
        .where("paidAt", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async releaseClock(orderId, dueAt) {
      const result = await db
        .updateTable("orders")
        .set({ deliveryDueAt: dueAt.toISOString() })
        .where("id", "=", orderId)
        .where("paidAt", "is not", null)
        .where("deliveryDueAt", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async changeReadiness(orderId, change) {
      const result = await db
        .updateTable("orders")
        .set({ readiness: change.to, readinessNote: change.note, readinessAt: change.at.toISOString(), deliveryDueAt: iso(change.dueAt) })
        .where("id", "=", orderId)
        .where("readiness", change.from === null ? "is" : "=", change.from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async markLate(orderId, lateAt) {
      const result = await db
        .updateTable("orders")
        .set({ lateAt: lateAt.toISOString() })
        .where("id", "=", orderId)
        .where("lateAt", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async markCompensated(orderId, at, points) {
      const result = await db
        .updateTable("orders")
        .set({ compensatedAt: at.toISOString(), compensationPoints: points })
        .where("id", "=", orderId)
        .where("compensatedAt", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async claimAtRisk(now, withinMs, except) {
      const query = db
        .selectFrom("orders")
        .select("id")
        .where("status", "=", "pending")
        .where("paymentStatus", "not in", OFF_THE_CLOCK_PAYMENT_STATUSES)
        .where("paidAt", "is not", null)
        .where("deliveryStartedAt", "is", null)
        .where("atRiskAt", "is", null)
        .where("deliveryDueAt", ">=", now.toISOString())
        .where("deliveryDueAt", "<=", new Date(now.getTime() + withinMs).toISOString())
        .orderBy("deliveryDueAt")
        .orderBy("id")
        .limit(1);
      return claimFirst(query, except);
    },
    async setRobuxDueAt(orderId, at) {
      await db
        .updateTable("orders")
        .set({ robuxDueAt: at ? at.toISOString() : null })
        .where("id", "=", orderId)
        .execute();
    },
    async markAtRisk(orderId, at) {
      const result = await db
        .updateTable("orders")
        .set({ atRiskAt: at.toISOString() })
        .where("id", "=", orderId)
        .where("atRiskAt", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async claimOverdue(now, { compensating, except }) {
      const query = db
        .selectFrom("orders")
        .select("id")
        .where("deliveryDueAt", "<=", now.toISOString())
        // Paid, not cancelled, awaiting delivery or delivered after the deadline, not yet marked late
        // and compensated: the predicate of the partial index orders_lateness_unsettled
        // (0027) verbatim, which is what lets SQLite's planner read that index instead of every
        // past deadline of the shop's history.
        .where(sql<boolean>`${sql.raw(UNSETTLED_LATENESS)}`)
        // Without compensation, an order marked late is settled (it stays in the index, unread).
        .$if(!compensating, (q) => q.where("lateAt", "is", null))
        .orderBy("deliveryDueAt")
        .orderBy("id")
        .limit(1);
      return claimFirst(query, except);
    },
  };
}
