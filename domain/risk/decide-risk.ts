import { refundable } from "../payments/order-payment.ts";
import { orderNotHeld } from "./risk.errors.ts";
import type { OrderRisk } from "./risk-repository.port.ts";
import { riskStatesBefore } from "./risk-state.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { applyStatusChange } from "../fulfilment/change-order-status.ts";
import type { DeliveryPolicy } from "../fulfilment/delivery.ts";
import type { RiskRepositories } from "./risk-repositories.port.ts";
import { recordRefund } from "../payments/refund.ts";
import { orderChangedMeanwhile, orderNotFound } from "../orders/orders.errors.ts";
import { orderReleased, promiseFrom } from "../fulfilment/start-delivery-clock.ts";

export interface RiskDecisionInput {
  orderId: string;
  decision: "approve" | "reject";
  note: string;
  actorId: string;
}

/** The words of a rejection, as the shopper reads them in the cancellation and refund emails. */
export const REJECTED_REASON = "We could not verify the payment for this order";

/** A decision as recorded: the order's risk, and the capture whose refund a rejection queued (null: none to make). */
export interface RiskDecision {
  risk: OrderRisk;
  refundCaptureId: string | null;
}

type Deps = { unitOfWork: UnitOfWork<RiskRepositories>; clock: Clock; ids: IdGenerator; delivery: DeliveryPolicy };

/**
 * Staff decide on an order held for review (issue 37), in one audited transaction: only a held
 * order can be decided, once (a second decision, or two staff at once, is a 409), with OrderRiskDecided.
 * - approve: the delivery clock starts now (due DELIVERY_SLA_MINUTES from the approval, not from
 *   the payment: the shop's promise runs from when it may deliver), the order joins the queue and
 *   is released (OrderReleased: webhooks announce it only now, issue 46);
 * - reject: in the same transaction the order is cancelled (its stock and store credit go back, the
 *   shopper is told) and the refund of what the payment took is recorded and queued (rejectInTransaction).
 *   The caller then asks PayPal for it at once; if that call fails or the process dies, the refund
 *   queue makes it (reconcile-payments.ts), with the same request id, so never twice.
 */
export async function recordRiskDecision(input: RiskDecisionInput, deps: Deps): Promise<RiskDecision> {
  const now = deps.clock.now();
  return deps.unitOfWork.run(async (repos) => {
    const { orders, risk, timeline } = repos;
    const order = await orders.byId(input.orderId);
    if (!order) throw orderNotFound();
    const to = input.decision === "approve" ? "approved" : "rejected";
    if (!(await risk.decide(order.id, riskStatesBefore(to), to, { by: input.actorId, note: input.note, at: now }))) throw orderNotHeld();
    await repos.events.append({
      type: "OrderRiskDecided",
      occurredAt: now,
      visitorId: null,
      userId: order.userId,
      payload: { orderId: order.id, decision: to, total: order.total },
    });
    let refundCaptureId: string | null = null;
    if (to === "approved") {
      const { dueAt } = await promiseFrom(repos, order, now, deps.delivery);
      if (await orders.releaseClock(order.id, dueAt)) await orderReleased(repos, order, now, dueAt);
      await timeline.record({
        orderId: order.id,
        at: now,
        kind: "released",
        text: "Payment checked: your order is on its way to delivery",
        actorId: input.actorId,
      });
    } else refundCaptureId = await rejectInTransaction(repos, order.id, input.actorId, deps);
    return { risk: (await risk.of(order.id)) ?? { state: to, score: 0, reasons: [] }, refundCaptureId };
  });
}

/**
 * A rejection's cancellation and refund, in the decision's transaction: the order is cancelled as
 * staff would cancel it (applyStatusChange: stock and store credit back, the cancellation email), and
 * what the payment took is recorded as a refund on its way (the fixed idempotency key
 * `risk-rejected-<order id>`, the refund email) and queued for the provider. Answers the capture to
 * refund, or null when the payment took nothing to give back.
 */
async function rejectInTransaction(repos: RiskRepositories, orderId: string, actorId: string, deps: Omit<Deps, "unitOfWork">): Promise<string | null> {
  await applyStatusChange(repos, { orderId, to: "cancelled", actorUserId: actorId, visitorId: null }, deps);
  const order = await repos.orders.byId(orderId);
  if (!order) throw orderNotFound();
  const amount = refundable(order).toPayment;
  if (!order.captureId || amount <= 0) return null;
  const recorded = await recordRefund(
    repos,
    order,
    { amount, reason: REJECTED_REASON, idempotencyKey: `risk-rejected-${orderId}`, actorId, way: { kind: "queued", captureId: order.captureId } },
    deps,
  );
  if (recorded.kind !== "recorded") throw orderChangedMeanwhile();
  return order.captureId;
}
