import type { Kysely, Selectable } from "kysely";
import { ORDER_STATUSES, type Order, type OrderStatus } from "../../domain/ordering/order.ts";
import { DISPUTE_STATUSES, PAYMENT_STATUSES, type DisputeStatus, type PaymentStatus } from "../../domain/payments/order-payment.ts";
import type { OrderRepository } from "../../domain/ordering/order-repository.port.ts";
import type { Database, OrdersTable } from "../db/schema.ts";

function toStatus(value: string): OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value) ? (value as OrderStatus) : "pending";
}

function toPaymentStatus(value: string): PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(value) ? (value as PaymentStatus) : "paid";
}

function toDispute(value: string | null): DisputeStatus | null {
  return value !== null && (DISPUTE_STATUSES as readonly string[]).includes(value) ? (value as DisputeStatus) : null;
}

export function createOrderRepository(db: Kysely<Database>): OrderRepository {
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
      email: row.email,
      items: items.map(({ unitPriceCents, ...item }) => ({ ...item, unitPrice: unitPriceCents })),
      subtotal: row.subtotalCents,
      discountCodeId: row.discountCodeId,
      discountCode: row.discountCode,
      discount: row.discountCents,
      total: row.totalCents,
      creditApplied: row.creditAppliedCents,
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
    };
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
    async changeStatus(orderId, from, to, stockReturned, at) {
      const result = await db
        .updateTable("orders")
        .set({ status: to, stockReturned: stockReturned ? 1 : 0, updatedAt: at.toISOString() })
        .where("id", "=", orderId)
        .where("status", "=", from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
