import { refundable, type Refund, type RefundDestination } from "./order-payment.ts";
import type { PaymentGateways } from "./payment-gateway.port.ts";
import { gatewayOf } from "./reconcile-payments.ts";
import {
  noPaymentToRefund,
  nothingLeftToRefund,
  paymentNotReceived,
  paymentNotRefundable,
  refundNotConfirmed,
  refundRefused,
  refundTooLarge,
} from "./payments.errors.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { Cents } from "../shared/money.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { refundAllowed } from "./payment-state.ts";
import type { PaymentsRepositories } from "./payments-repositories.port.ts";
import { providerAnswered, recordRefund } from "./refund.ts";
import { orderNotFound } from "../orders/orders.errors.ts";

export interface RefundOrderInput {
  orderId: string;
  /** null: everything not yet refunded (to the payment: what the payment took and is not refunded). */
  amount: Cents | null;
  destination: RefundDestination;
  reason: string;
  /** The request's Idempotency-Key: a retried request with it answers the first refund. */
  idempotencyKey: string | null;
  actorId: string;
}

/** `gateways`: a refund goes to the provider that took the order's payment (order.paymentProvider). */
type Deps = { unitOfWork: UnitOfWork<PaymentsRepositories>; gateways: PaymentGateways; clock: Clock; ids: IdGenerator };

/**
 * An administrator gives money back: to the payment (through the provider's refund API, with the
 * refund's own request id) or as store credit (an entry in the credit ledger). Either way the
 * order's refunded total moves in one conditional update first (two racing refunds cannot give
 * back more than the order took: the second is a 409), then the points come down in proportion,
 * the payment status follows, and the refund is in the history and the event log.
 *
 * A refund to the payment is reserved before the provider is asked and settled after: when the
 * provider refuses, the reservation is released (409); when its answer is lost (timeout, 5xx) the
 * refund stays pending and the same request again (same Idempotency-Key) asks the provider again
 * with the same request id, which never refunds twice. A retried request whose refund is done
 * answers that refund.
 */
export async function refundOrder(input: RefundOrderInput, deps: Deps): Promise<Refund> {
  const step = await deps.unitOfWork.run(async (repos) => {
    if (input.idempotencyKey) {
      const existing = await repos.payments.refundByKey(input.orderId, input.idempotencyKey);
      if (existing) return { kind: "existing" as const, refund: existing };
    }
    const order = await repos.orders.byId(input.orderId);
    if (!order) throw orderNotFound();
    if (order.paymentStatus === "awaiting") throw paymentNotReceived();
    if (!refundAllowed(order.paymentStatus)) throw paymentNotRefundable(order.paymentStatus);
    const left = refundable(order);
    if (input.destination === "payment" && !order.captureId) throw noPaymentToRefund();
    const max = input.destination === "payment" ? left.toPayment : left.total;
    if (input.amount === null && max <= 0) throw left.total <= 0 ? nothingLeftToRefund() : refundTooLarge(max, input.destination);
    const amount = input.amount ?? max;
    if (amount > max) throw refundTooLarge(max, input.destination);
    const way = input.destination === "payment" ? ({ kind: "ask_provider" } as const) : ({ kind: "store_credit" } as const);
    const recorded = await recordRefund(
      repos,
      order,
      { amount, reason: input.reason, idempotencyKey: input.idempotencyKey, actorId: input.actorId, way },
      deps,
    );
    if (recorded.kind === "duplicate") {
      // A racing request with the same key committed first.
      const existing = input.idempotencyKey ? await repos.payments.refundByKey(order.id, input.idempotencyKey) : null;
      if (!existing) throw new Error("a refund with a fresh id was reported as a duplicate");
      return { kind: "existing" as const, refund: existing };
    }
    if (recorded.kind === "over_limit") {
      const toPayment = input.destination === "payment";
      throw refundTooLarge(refundable((await repos.orders.byId(order.id)) ?? order)[toPayment ? "toPayment" : "total"], input.destination);
    }
    return { kind: "new" as const, refund: recorded.refund, captureId: order.captureId, provider: order.paymentProvider };
  });

  if (step.kind === "existing") {
    const refund = step.refund;
    if (refund.destination !== "payment" || refund.status !== "pending" || refund.providerRefundId) return refund;
    const order = await deps.unitOfWork.run(({ orders }) => orders.byId(refund.orderId));
    if (!order?.captureId) return refund;
    return askProvider(refund, order.captureId, order.paymentProvider, deps);
  }
  if (step.refund.destination !== "payment" || !step.captureId) return step.refund;
  return askProvider(step.refund, step.captureId, step.provider, deps);
}

async function askProvider(refund: Refund, captureId: string, provider: string, deps: Deps): Promise<Refund> {
  let result;
  try {
    result = await gatewayOf(deps.gateways, provider).refundCapture({
      captureId,
      amount: refund.amount,
      currency: "USD",
      requestId: `refund-${refund.id}`,
      note: refund.reason,
    });
  } catch (error) {
    throw refundNotConfirmed(error);
  }
  const settled = await deps.unitOfWork.run(async (repos): Promise<Refund | { refused: string }> => {
    const order = await repos.orders.byId(refund.orderId);
    if (!order) throw orderNotFound();
    const current = (await repos.payments.refundsOf(order.id)).find((r) => r.id === refund.id);
    // Another request settled it meanwhile (the same key sent twice while the provider answered).
    if (current && current.status !== "pending") return current;
    if (current?.providerRefundId) return current;
    const answered = await providerAnswered(repos, order, refund, result, deps);
    // A refusal is thrown after this transaction commits, so the release is kept.
    return answered.kind === "refused" ? { refused: answered.reason } : answered.refund;
  });
  if ("refused" in settled) throw refundRefused(settled.refused);
  return settled;
}
