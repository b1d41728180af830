import type { AuditActor } from "../audit/audit-entry.ts";
import type { Audited } from "../audit/audit-log.port.ts";
import { auditedUnitOfWork } from "../audit/audited-unit-of-work.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import { formatCents, type Cents } from "../shared/money.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { handlePaymentWebhook } from "./handle-payment-webhook.ts";
import type { RefundDestination } from "./order-payment.ts";
import type { PaymentGateways } from "./payment-gateway.port.ts";
import type { PaymentsRepositories } from "./payments-repositories.port.ts";
import { reconcilePayments } from "./reconcile-payments.ts";
import { refundOrder } from "./refund-order.ts";

/** What the payments module needs, bound once by the composition root. */
export interface PaymentsModuleDeps {
  /** The order's transaction, with the rewards hooks and the payment outcomes bound to it (orderTransaction). */
  unitOfWork: UnitOfWork<PaymentsRepositories & Audited>;
  /** The configured providers: each payment's refunds, checks and webhooks go to its own provider's gateway. */
  gateways: PaymentGateways;
  clock: Clock;
  ids: IdGenerator;
  /** When a payment held for review is asked about again (PAYMENT_RECONCILE_SECONDS). */
  recheckMs: number;
}

/** What the audit trail keeps of a refund: the payment status, the refunded total and each refund. */
async function orderRefunds(r: PaymentsRepositories, id: string) {
  const order = await r.orders.byId(id);
  if (!order) return null;
  const refunds = await r.payments.refundsOf(id);
  return {
    paymentStatus: order.paymentStatus,
    refundedTotal: formatCents(order.refunded),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      amount: formatCents(refund.amount),
      destination: refund.destination,
      status: refund.status,
      reason: refund.reason,
    })),
  };
}

/**
 * An order's money after checkout, ready to call: the provider's webhooks, reconciliation of
 * payments held for review, and an administrator's refund (audited in its own transaction).
 */
export function createPaymentsModule(deps: PaymentsModuleDeps) {
  const { unitOfWork, gateways, clock, ids, recheckMs } = deps;
  return {
    /** A delivery to `provider`'s webhook address (/paypal/webhook, /stripe/webhook). */
    handlePaymentWebhook: (input: { provider: string; headers: Record<string, string>; body: string }) =>
      handlePaymentWebhook(input, { unitOfWork, gateways, clock, ids }),
    /** One reconciliation pass by `worker` (leases its checks for `leaseMs`); `everything` asks about every payment held now. */
    reconcilePayments: (input: { worker: string; leaseMs: number; everything?: boolean }) =>
      reconcilePayments({ ...input, unitOfWork, gateways, clock, ids, recheckMs }),
    refundOrder: (
      input: { orderId: string; amount: Cents | null; destination: RefundDestination; reason: string; idempotencyKey: string | null },
      actor: AuditActor,
    ) =>
      refundOrder(
        { ...input, actorId: actor.id },
        {
          unitOfWork: auditedUnitOfWork(unitOfWork, { actor, kind: "order.refund", entityId: input.orderId, read: orderRefunds }, clock),
          gateways,
          clock,
          ids,
        },
      ),
  };
}

export type PaymentsModule = ReturnType<typeof createPaymentsModule>;
