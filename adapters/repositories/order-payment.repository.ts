import type { Selectable } from "kysely";
import type { OrderPaymentRepository } from "#domain/payments/order-payment-repository.port.ts";
import type { Refund, RefundDestination, RefundStatus } from "#domain/payments/order-payment.ts";
import type { RefundsTable } from "../db/schema.ts";
import type { Tx } from "../db/database.ts";

function toRefund(row: Selectable<RefundsTable>): Refund {
  return {
    id: row.id,
    orderId: row.orderId,
    amount: Number(row.amountCents),
    destination: row.destination as RefundDestination,
    status: row.status as RefundStatus,
    reason: row.reason,
    idempotencyKey: row.idempotencyKey,
    providerRefundId: row.providerRefundId,
    actorId: row.actorId,
    createdAt: new Date(row.createdAt),
  };
}

/** The payment side of orders on `db` (a transaction, when a unit of work hands it out). */
export function createOrderPaymentRepository(db: Tx): OrderPaymentRepository {
  return {
    async addRefund(refund) {
      // ON CONFLICT DO NOTHING on either unique key: (orderId, idempotencyKey) and providerRefundId.
      const inserted = await db
        .insertInto("refunds")
        .values({
          id: refund.id,
          orderId: refund.orderId,
          amountCents: refund.amount,
          destination: refund.destination,
          status: refund.status,
          reason: refund.reason,
          idempotencyKey: refund.idempotencyKey,
          providerRefundId: refund.providerRefundId,
          actorId: refund.actorId,
          createdAt: refund.createdAt.toISOString(),
        })
        .onConflict((oc) => oc.doNothing())
        .returning("id")
        .executeTakeFirst();
      return inserted !== undefined;
    },
    async refundByKey(orderId, idempotencyKey) {
      const row = await db.selectFrom("refunds").selectAll().where("orderId", "=", orderId).where("idempotencyKey", "=", idempotencyKey).executeTakeFirst();
      return row ? toRefund(row) : null;
    },
    async refundByProviderId(providerRefundId) {
      const row = await db.selectFrom("refunds").selectAll().where("providerRefundId", "=", providerRefundId).executeTakeFirst();
      return row ? toRefund(row) : null;
    },
    async refundsOf(orderId) {
      const rows = await db.selectFrom("refunds").selectAll().where("orderId", "=", orderId).orderBy("createdAt").orderBy("id").execute();
      return rows.map(toRefund);
    },
    async setRefundStatus(refundId, status, providerRefundId) {
      await db
        .updateTable("refunds")
        .set({ status, ...(providerRefundId ? { providerRefundId } : {}) })
        .where("id", "=", refundId)
        .execute();
    },
    async addRefunded(orderId, amount, toPayment, limits) {
      const result = await db
        .updateTable("orders")
        .set((eb) => ({
          refundedCents: eb("refundedCents", "+", amount),
          ...(toPayment ? { refundedToPaymentCents: eb("refundedToPaymentCents", "+", amount) } : {}),
        }))
        .where("id", "=", orderId)
        .where((eb) => eb("refundedCents", "+", amount), "<=", limits.maxTotal)
        .where((eb) => eb("refundedCents", "+", amount), ">=", 0)
        .$if(toPayment, (q) =>
          q
            .where((eb) => eb("refundedToPaymentCents", "+", amount), "<=", limits.maxToPayment)
            .where((eb) => eb("refundedToPaymentCents", "+", amount), ">=", 0),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async setPaymentStatus(orderId, from, to, at) {
      if (from.length === 0) return false;
      const result = await db
        .updateTable("orders")
        .set({ paymentStatus: to, updatedAt: at.toISOString() })
        .where("id", "=", orderId)
        .where("paymentStatus", "in", [...from])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async setDispute(orderId, to, at) {
      const result = await db
        .updateTable("orders")
        .set({ disputeStatus: to, updatedAt: at.toISOString() })
        .where("id", "=", orderId)
        .where((eb) => eb.or([eb("disputeStatus", "is", null), eb("disputeStatus", "!=", to)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async addHistory(entry) {
      await db
        .insertInto("payment_history")
        .values({ orderId: entry.orderId, kind: entry.kind, amountCents: entry.amount, note: entry.note, at: entry.at.toISOString() })
        .execute();
    },
    async markEventProcessed(eventId, type, at) {
      const inserted = await db
        .insertInto("payment_events")
        .values({ id: eventId, type, receivedAt: at.toISOString() })
        .onConflict((oc) => oc.column("id").doNothing())
        .returning("id")
        .executeTakeFirst();
      return inserted !== undefined;
    },
    async scheduleCheck(orderId, captureId, dueAt) {
      await db
        .insertInto("payment_checks")
        .values({ orderId, captureId, dueAt: dueAt.toISOString(), leasedUntil: null, leasedBy: null })
        .onConflict((oc) => oc.column("orderId").doUpdateSet({ dueAt: dueAt.toISOString(), captureId }))
        .execute();
    },
    async dueChecks({ now, dueBy, limit }) {
      const at = now.toISOString();
      const rows = await db
        .selectFrom("payment_checks")
        // The order's provider is the one to ask (several may be configured).
        .innerJoin("orders", "orders.id", "payment_checks.orderId")
        .select(["payment_checks.orderId", "payment_checks.captureId", "payment_checks.attempts", "orders.paymentProvider as provider"])
        .where("payment_checks.dueAt", "<=", dueBy.toISOString())
        .where((eb) => eb.or([eb("payment_checks.leasedUntil", "is", null), eb("payment_checks.leasedUntil", "<", at)]))
        .orderBy("payment_checks.dueAt")
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...row, attempts: Number(row.attempts) }));
    },
    async claimCheck(orderId, { now, leaseUntil, worker }) {
      const at = now.toISOString();
      // A conditional update: on PostgreSQL a second process's update waits for the first to
      // commit, re-reads the row and finds the lease taken; on SQLite writers run one at a time.
      const row = await db
        .updateTable("payment_checks")
        .set((eb) => ({ leasedUntil: leaseUntil.toISOString(), leasedBy: worker, attempts: eb("attempts", "+", 1) }))
        .where("orderId", "=", orderId)
        .where((eb) => eb.or([eb("leasedUntil", "is", null), eb("leasedUntil", "<", at)]))
        .returning(["orderId", "captureId", "attempts"])
        .executeTakeFirst();
      return row ? { ...row, attempts: Number(row.attempts) } : null;
    },
    async queueRefund({ captureId, amount, reason, dueAt, at, provider }) {
      await db
        .insertInto("payment_refund_queue")
        .values({
          captureId,
          amountCents: amount,
          reason,
          provider,
          dueAt: dueAt.toISOString(),
          leasedUntil: null,
          leasedBy: null,
          createdAt: at.toISOString(),
        })
        .onConflict((oc) => oc.column("captureId").doNothing())
        .execute();
    },
    async dueRefunds({ now, dueBy, limit }) {
      const at = now.toISOString();
      const rows = await db
        .selectFrom("payment_refund_queue")
        .select(["captureId", "amountCents", "reason", "attempts", "provider"])
        .where("dueAt", "<=", dueBy.toISOString())
        .where((eb) => eb.or([eb("leasedUntil", "is", null), eb("leasedUntil", "<", at)]))
        .orderBy("dueAt")
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        captureId: row.captureId,
        amount: Number(row.amountCents),
        reason: row.reason,
        attempts: Number(row.attempts),
        provider: row.provider,
      }));
    },
    async claimRefund(captureId, { now, leaseUntil, worker }) {
      const at = now.toISOString();
      const row = await db
        .updateTable("payment_refund_queue")
        .set((eb) => ({ leasedUntil: leaseUntil.toISOString(), leasedBy: worker, attempts: eb("attempts", "+", 1) }))
        .where("captureId", "=", captureId)
        .where((eb) => eb.or([eb("leasedUntil", "is", null), eb("leasedUntil", "<", at)]))
        .returning(["captureId", "amountCents", "reason", "attempts", "provider"])
        .executeTakeFirst();
      return row
        ? { captureId: row.captureId, amount: Number(row.amountCents), reason: row.reason, attempts: Number(row.attempts), provider: row.provider }
        : null;
    },
    async finishRefund(captureId) {
      await db.deleteFrom("payment_refund_queue").where("captureId", "=", captureId).execute();
    },
    async postponeRefund(captureId, dueAt) {
      await db
        .updateTable("payment_refund_queue")
        .set({ dueAt: dueAt.toISOString(), leasedUntil: null, leasedBy: null })
        .where("captureId", "=", captureId)
        .execute();
    },
    async finishCheck(orderId) {
      await db.deleteFrom("payment_checks").where("orderId", "=", orderId).execute();
    },
    async postponeCheck(orderId, dueAt) {
      await db.updateTable("payment_checks").set({ dueAt: dueAt.toISOString(), leasedUntil: null, leasedBy: null }).where("orderId", "=", orderId).execute();
    },
  };
}
