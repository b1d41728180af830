import { refundable } from "../payments/order-payment.ts";
import { orderNotHeld } from "../risk/risk.errors.ts";
import type { OrderRisk } from "../risk/risk-repository.port.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { deliveryDueAt, type DeliveryPolicy } from "./delivery.ts";
import { orderNotFound } from "./ordering.errors.ts";
import type { OrderingRepositories } from "./ordering-repositories.port.ts";

export interface RiskDecisionInput {
  orderId: string;
  decision: "approve" | "reject";
  note: string;
  actorId: string;
}

/** The words of a rejection, as the shopper reads them in the cancellation and refund emails. */
export const REJECTED_REASON = "We could not verify the payment for this order";

/**
 * Staff decide on an order held for review (issue 37), in the audited unit of work: only a held
 * order can be decided, once (a second decision, or two staff at once, is a 409).
 * - approve: the delivery clock starts now (due DELIVERY_SLA_MINUTES from the approval, not from
 *   the payment: the shop's promise runs from when it may deliver), and the order joins the queue;
 * - reject: recorded here; the caller then cancels the order (stock back, the shopper told) and
 *   refunds the payment (rejectHeldOrder).
 */
export async function recordRiskDecision(
  input: RiskDecisionInput,
  deps: { unitOfWork: UnitOfWork<OrderingRepositories>; clock: Clock; delivery: DeliveryPolicy },
): Promise<OrderRisk> {
  const now = deps.clock.now();
  return deps.unitOfWork.run(async ({ orders, risk, timeline }) => {
    const order = await orders.byId(input.orderId);
    if (!order) throw orderNotFound();
    const to = input.decision === "approve" ? "approved" : "rejected";
    if (!(await risk.decide(order.id, to, { by: input.actorId, note: input.note, at: now }))) throw orderNotHeld();
    if (to === "approved") {
      await orders.releaseClock(order.id, deliveryDueAt(now, deps.delivery));
      await timeline.record({
        orderId: order.id,
        at: now,
        kind: "released",
        text: "Payment checked: your order is on its way to delivery",
        actorId: input.actorId,
      });
    }
    return (await risk.of(order.id)) ?? { state: to, score: 0, reasons: [] };
  });
}

/**
 * After a rejection: the order is cancelled (its stock goes back, its store credit is given back, the
 * shopper gets the cancellation email) and what the payment took is refunded to it (the refund email).
 * Each step is the existing use case, with its own audit entry; the refund has a fixed idempotency
 * key, so a retried rejection never refunds twice.
 */
export async function rejectHeldOrder(
  orderId: string,
  steps: {
    cancel: () => Promise<unknown>;
    refund: (input: { amount: null; reason: string; idempotencyKey: string }) => Promise<unknown>;
    order: () => Promise<{ captureId: string | null; total: number; creditApplied: number; refunded: number; refundedToPayment: number } | null>;
  },
): Promise<void> {
  await steps.cancel();
  const order = await steps.order();
  if (!order) throw orderNotFound();
  if (order.captureId && refundable(order).toPayment > 0)
    await steps.refund({ amount: null, reason: REJECTED_REASON, idempotencyKey: `risk-rejected-${orderId}` });
}
