import { SqliteAdapter, type Kysely } from "kysely";

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
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .alterTable("orders")
    .addColumn("paymentStatus", "text", (c) => c.notNull().defaultTo("paid"))
    .execute();
  await db.schema
    .alterTable("orders")
    .addColumn("refundedCents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("orders")
    .addColumn("refundedToPaymentCents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("orders").addColumn("disputeStatus", "text").execute();
  await db.schema.createIndex("orders_payment_status").on("orders").columns(["paymentStatus"]).execute();
  await db.schema.createIndex("orders_capture").on("orders").columns(["captureId"]).execute();
  await db.schema
    .alterTable("checkouts")
    .addColumn("paymentAttempt", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("refunds")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("orderId", "text", (c) => c.notNull().references("orders.id"))
    .addColumn("amountCents", "integer", (c) => c.notNull())
    .addColumn("destination", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("idempotencyKey", "text")
    .addColumn("providerRefundId", "text", (c) => c.unique())
    .addColumn("actorId", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addUniqueConstraint("refunds_order_key", ["orderId", "idempotencyKey"])
    .execute();
  await db.schema.createIndex("refunds_order").on("refunds").columns(["orderId", "createdAt"]).execute();

  await db.schema
    .createTable("payment_history")
    // A log position: the history in the order it happened, also within one millisecond.
    .addColumn("id", sqlite ? "integer" : "bigserial", (c) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("orderId", "text", (c) => c.notNull().references("orders.id"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("amountCents", "integer")
    .addColumn("note", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payment_history_order").on("payment_history").columns(["orderId", "at"]).execute();

  await db.schema
    .createTable("payment_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("receivedAt", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("payment_checks")
    .addColumn("orderId", "text", (c) => c.primaryKey().references("orders.id"))
    .addColumn("captureId", "text", (c) => c.notNull())
    .addColumn("dueAt", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("leasedUntil", "text")
    .addColumn("leasedBy", "text")
    .execute();
  // Captured payments that became no order and could not be refunded at once (PayPal still
  // reviewing them, or the refund call failed): refunded by reconciliation when PayPal allows.
  await db.schema
    .createTable("payment_refund_queue")
    .addColumn("captureId", "text", (c) => c.primaryKey())
    .addColumn("amountCents", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("dueAt", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("leasedUntil", "text")
    .addColumn("leasedBy", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();

  // Analytics: refunds counted in the summary (the projection's version 2 rebuilds it at start).
  await db.schema
    .alterTable("rm_analytics_totals")
    .addColumn("refundedCents", sqlite ? "integer" : "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("payment_checks_due").on("payment_checks").columns(["dueAt"]).execute();
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
