import type { AuditActor } from "../audit/audit-entry.ts";
import type { Audited } from "../audit/audit-log.port.ts";
import { auditedUnitOfWork, type AuditedChange } from "../audit/audited-unit-of-work.ts";
import type { PaymentGateway, SandboxOutcome } from "../payments/payment-gateway.port.ts";
import type { RefundDestination } from "../payments/order-payment.ts";
import { codeGuessChecks, tooManyCodeTries } from "../promotions/code-guess-limits.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { ImageProcessor } from "../shared/image-processor.port.ts";
import { formatCents, type Cents } from "../shared/money.ts";
import { enforceLimits } from "../shared/rate-limit.ts";
import type { RateLimiter } from "../shared/rate-limiter.port.ts";
import type { Shopper } from "../shared/shopper.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { addDeliveryProof } from "./add-delivery-proof.ts";
import { capturePayment, placeOrder, placeOrderWithStoreCredit } from "./capture-payment.ts";
import { changeOrderStatus } from "./change-order-status.ts";
import type { CheckoutClaim, PreparedCheckout } from "./checkout.ts";
import type { ProofStorage } from "./delivery-proof.port.ts";
import type { DeliveryPolicy } from "./delivery.ts";
import { handlePaymentWebhook } from "./handle-payment-webhook.ts";
import type { HoldCaps } from "./hold-policy.ts";
import type { OrderStatus } from "./order.ts";
import type { OrderRewards } from "./order-rewards.port.ts";
import type { OrderingRepositories, OrderingStore } from "./ordering-repositories.port.ts";
import { prepareCheckout } from "./prepare-checkout.ts";
import { reconcilePayments, refundQueuedCapture } from "./reconcile-payments.ts";
import { refundOrder } from "./refund-order.ts";
import { settleLateOrders } from "./settle-late-orders.ts";
import { riskUseCases } from "./risk-use-cases.ts";
import { startPayment } from "./start-payment.ts";
import { validateDiscount } from "./validate-discount.ts";
import { warnAtRiskOrders } from "./warn-at-risk-orders.ts";

/** What the ordering module (checkout, payments, orders, delivery) needs, bound once by the composition root. */
export interface OrderingModuleDeps<RewardsLedgers> {
  /** Checkouts, orders, stock, payments, timeline, proofs, mail, the audit trail and the rewards ledgers, in one transaction. */
  unitOfWork: UnitOfWork<OrderingStore<RewardsLedgers> & Audited>;
  /**
   * The rewards module's order hooks on the ledgers of the order's own transaction (points for a
   * completed order, store credit spent at checkout or given back by a refund): composed in the root.
   */
  orderRewards: (ledgers: RewardsLedgers) => OrderRewards;
  /** How shoppers pay: the sandbox or PayPal. */
  gateway: PaymentGateway;
  /** Delivery proof screenshots' bytes. */
  proofs: ProofStorage;
  images: ImageProcessor;
  clock: Clock;
  ids: IdGenerator;
  /** Named in the payment's description. */
  shopName: string;
  /** DELIVERY_SLA_MINUTES, and SLA_COMPENSATION_POINTS for a late order. */
  delivery: DeliveryPolicy & { compensationPoints: number };
  /** Holds that cannot be hoarded: caps on units, and a prepare rate per account and address. */
  holds: { caps: HoldCaps; preparesPerMinute: number };
  /** Discount codes a shopper may try a minute (they are short words that can be guessed). */
  codeValidationsPerMinute: number;
  rateLimiter: RateLimiter;
  /** When a payment held for review is asked about again (PAYMENT_RECONCILE_SECONDS). */
  recheckMs: number;
}

type Repositories = OrderingRepositories & Audited;
type Read = AuditedChange<Repositories>["read"];

const orderStatus: Read = async (r, id) => {
  const order = await r.orders.byId(id);
  return order && { status: order.status };
};
const orderRefunds: Read = async (r, id) => {
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
};
const proofCount: Read = async (r, id) => ({ proofs: await r.proofs.countOf(id) });

/**
 * Checkout, payment, orders and their delivery, ready to call: `app.ordering.capturePayment(...)`.
 * An administrator's change (status, refund, proof) is recorded in the audit trail in its own
 * transaction, the rule declared here; callers only say who the administrator is.
 */
export function createOrderingModule<RewardsLedgers>(deps: OrderingModuleDeps<RewardsLedgers>) {
  const { clock, ids, gateway, recheckMs } = deps;
  // The order's transaction with the rewards hooks bound to it.
  const unitOfWork: UnitOfWork<Repositories> = {
    run: (work) => deps.unitOfWork.run(({ rewardsLedgers, ...repositories }) => work({ ...repositories, rewards: deps.orderRewards(rewardsLedgers) })),
  };
  const audited = (actor: AuditActor, kind: AuditedChange<Repositories>["kind"], orderId: string | ((result: unknown) => string), read: Read) =>
    auditedUnitOfWork(unitOfWork, { actor, kind, entityId: orderId, read }, clock);
  const placement = { unitOfWork, clock, ids, delivery: { slaMinutes: deps.delivery.slaMinutes } };

  return {
    prepareCheckout: (input: { userId: string; claim: CheckoutClaim; clientIp: string | null }) =>
      prepareCheckout(input, { unitOfWork, clock, ids, holds: { ...deps.holds, rateLimiter: deps.rateLimiter } }),
    /** The checkout's Apply: what a code gives on the shopper's cart (braked per shopper and address). */
    validateDiscount: async (input: { shopper: Shopper; code: string; who: { userId: string | null; visitorId: string; clientIp: string } }) => {
      await enforceLimits(deps.rateLimiter, codeGuessChecks(input.who, deps.codeValidationsPerMinute), tooManyCodeTries);
      return validateDiscount({ shopper: input.shopper, code: input.code }, { unitOfWork, clock });
    },
    startPayment: (input: { userId: string; sandboxOutcome?: SandboxOutcome }) => startPayment(input, { unitOfWork, gateway, shopName: deps.shopName }),
    capturePayment: (input: { userId: string; visitorId: string; paymentId: string; clientIp?: string | null | undefined }) =>
      capturePayment(input, { ...placement, gateway, recheckMs }),
    placeOrderWithStoreCredit: (input: { userId: string; visitorId: string; clientIp?: string | null | undefined }) =>
      placeOrderWithStoreCredit(input, placement),
    /** Places a prepared checkout under a payment already settled by `provider` (the step after a capture). */
    placeOrder: (checkout: PreparedCheckout, payment: { paymentId: string; captureId: string | null; visitorId: string; provider: string }) =>
      placeOrder(checkout, payment, { ...placement, gateway: { provider: payment.provider } }),
    handlePaymentWebhook: (input: { headers: Record<string, string>; body: string }) => handlePaymentWebhook(input, { unitOfWork, gateway, clock, ids }),
    /** One reconciliation pass by `worker` (leases its checks for `leaseMs`); `everything` asks about every payment held now. */
    reconcilePayments: (input: { worker: string; leaseMs: number; everything?: boolean }) =>
      reconcilePayments({ ...input, unitOfWork, gateway, clock, ids, recheckMs }),

    changeOrderStatus: (input: { orderId: string; to: OrderStatus; visitorId: string | null }, actor: AuditActor) =>
      changeOrderStatus({ ...input, actorUserId: actor.id }, { unitOfWork: audited(actor, "order.status", input.orderId, orderStatus), clock, ids }),
    refundOrder: (
      input: { orderId: string; amount: Cents | null; destination: RefundDestination; reason: string; idempotencyKey: string | null },
      actor: AuditActor,
    ) => refundOrder({ ...input, actorId: actor.id }, { unitOfWork: audited(actor, "order.refund", input.orderId, orderRefunds), gateway, clock, ids }),
    addDeliveryProof: (input: { orderId: string; bytes: Uint8Array }, actor: AuditActor) =>
      addDeliveryProof(
        { ...input, adminId: actor.id },
        { unitOfWork: audited(actor, "order.proof", input.orderId, proofCount), storage: deps.proofs, images: deps.images, ids, clock },
      ),
    ...riskUseCases({
      unitOfWork,
      audited,
      clock,
      ids,
      delivery: { slaMinutes: deps.delivery.slaMinutes },
      refundNow: (captureId) => refundQueuedCapture(captureId, { unitOfWork, gateway, clock, ids, recheckMs, worker: "risk-rejection", leaseMs: 60_000 }),
    }),
    /** A stored proof's bytes (the route checks who may see them). */
    readProof: (file: string) => deps.proofs.read(file),

    /** Orders nobody has started 5 minutes before their deadline: warned once each (the late-order job). */
    warnAtRiskOrders: (options: { onError?: (error: unknown) => void; pause?: () => Promise<void> } = {}) =>
      warnAtRiskOrders({ ...options, unitOfWork, clock }),
    /** Orders past their deadline: marked late and compensated once (the late-order job). */
    settleLateOrders: (options: { onError?: (error: unknown) => void; pause?: () => Promise<void> } = {}) =>
      settleLateOrders({ ...options, unitOfWork, clock, compensationPoints: deps.delivery.compensationPoints }),
  };
}

export type OrderingModule = ReturnType<typeof createOrderingModule<unknown>>;
