import type { Order } from "#domain/orders/order.ts";
import type { OrderPaymentRepository, PaymentCheck } from "#domain/payments/order-payment-repository.port.ts";
import type { PaymentHistoryEntry, Refund } from "#domain/payments/order-payment.ts";

export interface InMemoryPayments {
  refunds: Refund[];
  history: PaymentHistoryEntry[];
  events: Set<string>;
  checks: Map<string, { captureId: string; dueAt: Date; attempts: number; leasedUntil: Date | null; leasedBy: string | null }>;
  refundQueue?: Map<string, { amount: number; reason: string; dueAt: Date; attempts: number; leasedUntil: Date | null; provider?: string | null }>;
}

/** The payment side of orders in memory, keeping the same promises as the Kysely repository. */
export function createInMemoryOrderPayments(state: { orders: Order[]; payments?: InMemoryPayments }): OrderPaymentRepository {
  // Read through state on every call: a unit of work that throws puts a copy of the state back.
  const current = (): InMemoryPayments => (state.payments ??= { refunds: [], history: [], events: new Set(), checks: new Map() });
  const order = (id: string) => state.orders.find((o) => o.id === id);
  return {
    async addRefund(refund) {
      const clash = current().refunds.some(
        (r) =>
          (refund.idempotencyKey !== null && r.orderId === refund.orderId && r.idempotencyKey === refund.idempotencyKey) ||
          (refund.providerRefundId !== null && r.providerRefundId === refund.providerRefundId),
      );
      if (clash) return false;
      current().refunds.push(structuredClone(refund));
      return true;
    },
    refundByKey: async (orderId, key) => structuredClone(current().refunds.find((r) => r.orderId === orderId && r.idempotencyKey === key) ?? null),
    refundByProviderId: async (id) => structuredClone(current().refunds.find((r) => r.providerRefundId === id) ?? null),
    refundsOf: async (orderId) => structuredClone(current().refunds.filter((r) => r.orderId === orderId)),
    async setRefundStatus(id, status, providerRefundId) {
      const refund = current().refunds.find((r) => r.id === id);
      if (refund) Object.assign(refund, { status, ...(providerRefundId ? { providerRefundId } : {}) });
    },
    async addRefunded(orderId, amount, toPayment, limits) {
      const o = order(orderId);
      if (!o) return false;
      const total = o.refunded + amount;
      const paid = o.refundedToPayment + (toPayment ? amount : 0);
      if (total > limits.maxTotal || total < 0 || (toPayment && (paid > limits.maxToPayment || paid < 0))) return false;
      o.refunded = total;
      o.refundedToPayment = paid;
      return true;
    },
    async setPaymentStatus(orderId, from, to) {
      const o = order(orderId);
      if (!o || !from.includes(o.paymentStatus)) return false;
      o.paymentStatus = to;
      return true;
    },
    async setDispute(orderId, to) {
      const o = order(orderId);
      if (!o || o.dispute === to) return false;
      o.dispute = to;
      return true;
    },
    addHistory: async (entry) => void current().history.push(structuredClone(entry)),
    async markEventProcessed(id) {
      if (current().events.has(id)) return false;
      current().events.add(id);
      return true;
    },
    async scheduleCheck(orderId, captureId, dueAt) {
      const existing = current().checks.get(orderId);
      current().checks.set(orderId, {
        captureId,
        dueAt,
        attempts: existing?.attempts ?? 0,
        leasedUntil: existing?.leasedUntil ?? null,
        leasedBy: existing?.leasedBy ?? null,
      });
    },
    async dueChecks({ now, dueBy, limit }) {
      const due: PaymentCheck[] = [];
      for (const [orderId, check] of current().checks) {
        if (due.length >= limit) break;
        if (check.dueAt > dueBy || (check.leasedUntil && check.leasedUntil >= now)) continue;
        const provider = order(orderId)?.paymentProvider ?? null;
        due.push({ orderId, captureId: check.captureId, attempts: check.attempts, provider });
      }
      return due;
    },
    async claimCheck(orderId, { now, leaseUntil, worker }) {
      const check = current().checks.get(orderId);
      if (!check || (check.leasedUntil && check.leasedUntil >= now)) return null;
      Object.assign(check, { leasedUntil: leaseUntil, leasedBy: worker, attempts: check.attempts + 1 });
      return { orderId, captureId: check.captureId, attempts: check.attempts };
    },
    async queueRefund({ captureId, amount, reason, dueAt, provider }) {
      const queue = (current().refundQueue ??= new Map());
      if (!queue.has(captureId)) queue.set(captureId, { amount, reason, dueAt, attempts: 0, leasedUntil: null, provider });
    },
    async dueRefunds({ now, dueBy, limit }) {
      return [...(current().refundQueue ?? new Map()).entries()]
        .filter(([, r]) => r.dueAt <= dueBy && !(r.leasedUntil && r.leasedUntil >= now))
        .slice(0, limit)
        .map(([captureId, r]) => ({ captureId, amount: r.amount, reason: r.reason, attempts: r.attempts, provider: r.provider ?? null }));
    },
    async claimRefund(captureId, { now, leaseUntil }) {
      const r = current().refundQueue?.get(captureId);
      if (!r || (r.leasedUntil && r.leasedUntil >= now)) return null;
      Object.assign(r, { leasedUntil: leaseUntil, attempts: r.attempts + 1 });
      return { captureId, amount: r.amount, reason: r.reason, attempts: r.attempts, provider: r.provider ?? null };
    },
    finishRefund: async (captureId) => void current().refundQueue?.delete(captureId),
    async postponeRefund(captureId, dueAt) {
      const r = current().refundQueue?.get(captureId);
      if (r) Object.assign(r, { dueAt, leasedUntil: null });
    },
    finishCheck: async (orderId) => void current().checks.delete(orderId),
    async postponeCheck(orderId, dueAt) {
      const check = current().checks.get(orderId);
      if (check) Object.assign(check, { dueAt, leasedUntil: null, leasedBy: null });
    },
  };
}
