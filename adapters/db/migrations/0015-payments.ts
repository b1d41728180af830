import type { Kysely } from "kysely";
import { addColumns, createIndexes, createTable, integer, logPosition, primaryKey, text, wideInteger } from "../migration-kit.ts";

/**
 * Payments that hold with real money (issue 18).
 * - orders: the payment's own status beside the order's (awaiting, paid, partially_refunded,
 *   refunded, reversed, denied), what was refunded in total and to the payment, and a dispute.
 *   Orders from before were paid when they were placed.
 * - checkouts: a payment attempt counter, so a payment the provider declined for good is replaced
 *   by a new one (the provider's request id changes with it).
 * - refunds: every refund of an order, by an administrator (with the Idempotency-Key that makes a
 *   retried request answer the first refund) or made at the provider (its refund id, once).
 * - payment_history: what happened to an order's payment, for the administrator and the shopper.
 * - payment_events: the provider's webhook events already processed (each once).
 * - payment_checks: payments still awaiting the provider, with the lease that lets exactly one
 *   process at a time ask the provider about each (reconciliation).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addColumns(db, "orders", {
    paymentStatus: text({ default: "paid" }),
    refundedCents: integer({ default: 0 }),
    refundedToPaymentCents: integer({ default: 0 }),
    disputeStatus: text.nullable(),
  });
  await createIndexes(db, "orders", { orders_payment_status: ["paymentStatus"], orders_capture: ["captureId"] });
  await addColumns(db, "checkouts", { paymentAttempt: integer({ default: 0 }) });

  await createTable(db, "refunds", {
    columns: {
      id: primaryKey("text"),
      orderId: text({ references: "orders.id" }),
      amountCents: integer(),
      destination: text(),
      status: text(),
      reason: text(),
      idempotencyKey: text.nullable(),
      providerRefundId: text.nullable({ unique: true }),
      actorId: text.nullable(),
      createdAt: text(),
    },
    unique: { refunds_order_key: ["orderId", "idempotencyKey"] },
    indexes: { refunds_order: ["orderId", "createdAt"] },
  });

  await createTable(db, "payment_history", {
    columns: {
      // A log position: the history in the order it happened, also within one millisecond.
      id: logPosition(),
      orderId: text({ references: "orders.id" }),
      kind: text(),
      amountCents: integer.nullable(),
      note: text(),
      at: text(),
    },
    indexes: { payment_history_order: ["orderId", "at"] },
  });

  await createTable(db, "payment_events", { columns: { id: primaryKey("text"), type: text(), receivedAt: text() } });

  // When to try next, how often it was tried, and the lease that lets one process at a time try.
  const retryColumns = { dueAt: text(), attempts: integer({ default: 0 }), leasedUntil: text.nullable(), leasedBy: text.nullable() };
  await createTable(db, "payment_checks", {
    columns: { orderId: primaryKey("text", { references: "orders.id" }), captureId: text(), ...retryColumns },
  });
  // Captured payments that became no order and could not be refunded at once (PayPal still
  // reviewing them, or the refund call failed): refunded by reconciliation when PayPal allows.
  await createTable(db, "payment_refund_queue", {
    columns: { captureId: primaryKey("text"), amountCents: integer(), reason: text(), ...retryColumns, createdAt: text() },
  });

  // Analytics: refunds counted in the summary (the projection's version 2 rebuilds it at start).
  await addColumns(db, "rm_analytics_totals", { refundedCents: wideInteger({ default: 0 }) });
  await createIndexes(db, "payment_checks", { payment_checks_due: ["dueAt"] });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("rm_analytics_totals").dropColumn("refundedCents").execute();
  await db.schema.dropTable("payment_refund_queue").execute();
  await db.schema.dropTable("payment_checks").execute();
  await db.schema.dropTable("payment_events").execute();
  await db.schema.dropTable("payment_history").execute();
  await db.schema.dropTable("refunds").execute();
  await db.schema.alterTable("checkouts").dropColumn("paymentAttempt").execute();
  await db.schema.dropIndex("orders_capture").execute();
  await db.schema.dropIndex("orders_payment_status").execute();
  await db.schema.alterTable("orders").dropColumn("disputeStatus").execute();
  await db.schema.alterTable("orders").dropColumn("refundedToPaymentCents").execute();
  await db.schema.alterTable("orders").dropColumn("refundedCents").execute();
  await db.schema.alterTable("orders").dropColumn("paymentStatus").execute();
}
