import type { CaptureState, ProviderEvent } from "./payment-gateway.port.ts";
import { refundable, type PaymentHistoryKind } from "./order-payment.ts";
import { giveBackSpentStoreCredit, recordRefund } from "./refund.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { Cents } from "../shared/money.ts";
import { amountPaid, decideStatusChange, type Order, type PaymentStatus } from "../orders/order.ts";
import type { PaymentsRepositories } from "./payments-repositories.port.ts";
import { disputeMayBecome, statusesBefore } from "./payment-state.ts";

type Deps = { clock: Clock; ids: IdGenerator };
type Repos = PaymentsRepositories;

async function history(repos: Repos, order: Pick<Order, "id">, kind: PaymentHistoryKind, amount: Cents | null, note: string, deps: Deps) {
  await repos.payments.addHistory({ orderId: order.id, kind, amount, note, at: deps.clock.now() });
}

/**
 * Moves the payment to `to` when the transitions table (payment-state.ts) allows it from the status
 * it has in storage now, with OrderPaymentChanged; false when it was in no such status (a repeated or
 * late answer), which changes nothing.
 */
async function movePayment(repos: Repos, order: Order, to: PaymentStatus, deps: Deps): Promise<boolean> {
  if (!(await repos.payments.setPaymentStatus(order.id, statusesBefore(to), to, deps.clock.now()))) return false;
  await paymentChanged(repos, order, to, deps);
  return true;
}

async function paymentChanged(repos: Repos, order: Order, to: PaymentStatus, deps: Deps) {
  await repos.events.append({
    type: "OrderPaymentChanged",
    occurredAt: deps.clock.now(),
    visitorId: null,
    userId: order.userId,
    payload: { orderId: order.id, from: order.paymentStatus, to, total: order.total },
  });
}

/**
 * Applies what the provider says about an order's capture, inside the caller's transaction. The
 * transitions table (payment-state.ts) says from which statuses a payment may become paid, denied or
 * reversed (only a payment awaiting review can become paid or denied), so a repeated or late answer (a webhook
 * after reconciliation, or the other way round) changes nothing the second time. Answers whether
 * anything changed.
 * - completed: the order is paid (the risk module's orderPaid, through PaymentOutcomes), its reconciliation ends;
 * - denied: no money came, so the order is cancelled, its stock and discount use go back, the store
 *   credit spent on it is given back and its purchase points (if any) taken back, all once;
 * - reversed: the provider took the money back: the order keeps its status for the administrator
 *   to decide, its payment is "reversed" and its points are taken back.
 */
export async function settleCapture(repos: Repos, order: Order, state: CaptureState, source: string, deps: Deps): Promise<boolean> {
  const now = deps.clock.now();
  if (state === "completed") {
    if (!(await movePayment(repos, order, "paid", deps))) return false;
    await repos.payments.finishCheck(order.id);
    if (order.status === "cancelled" && order.captureId) {
      // Cancelled while PayPal reviewed the payment: nothing will be delivered, so the money goes back.
      const amount = amountPaid(order) - order.refundedToPayment;
      await history(repos, order, "paid", amountPaid(order), `Payment completed (${source}) after the order was cancelled: it is refunded`, deps);
      if (amount <= 0) return true;
      // Made by the refund queue (same request id discipline), so it shows as on its way.
      await recordRefund(
        repos,
        order,
        {
          amount,
          reason: "Order cancelled while the payment was reviewed",
          idempotencyKey: "order-cancelled-payment",
          actorId: null,
          way: { kind: "queued", captureId: order.captureId },
        },
        deps,
      );
      return true;
    }
    await repos.outcomes.orderPaid(order, `Payment completed (${source})`, now);
    return true;
  }
  if (state === "denied") {
    if (!(await movePayment(repos, order, "denied", deps))) return false;
    await history(repos, order, "denied", amountPaid(order), `Payment denied by the provider (${source}): order cancelled`, deps);
    await cancelUnpaidOrder(repos, order, deps);
    await repos.payments.finishCheck(order.id);
    return true;
  }
  if (state === "reversed") {
    if (!(await movePayment(repos, order, "reversed", deps))) return false;
    const taken = amountPaid(order) - order.refundedToPayment;
    await history(repos, order, "reversed", taken, `Payment reversed by the provider (${source})`, deps);
    await repos.outcomes.chargeback(order, "reversal", taken, now);
    await repos.rewards.orderRefunded({ userId: order.userId, orderId: order.id, netPaid: 0 });
    await repos.payments.finishCheck(order.id);
    return true;
  }
  return false;
}

async function cancelUnpaidOrder(repos: Repos, order: Order, deps: Deps): Promise<void> {
  const change = decideStatusChange(order, "cancelled");
  // An unpaid order has no delivery clock: it stays as it is (all null).
  if (change && (await repos.orders.changeStatus(order.id, change.from, change.to, change.stockReturned, deps.clock.now(), order.delivery))) {
    if (change.stock === "restore") {
      await repos.stock.lock(order.items.map((item) => item.productId));
      for (const item of order.items) await repos.stock.giveBack(item.productId, item.quantity);
    }
    await repos.rewards.orderCancelled({ userId: order.userId, orderId: order.id });
    await repos.events.append({
      type: "OrderStatusChanged",
      occurredAt: deps.clock.now(),
      visitorId: null,
      userId: order.userId,
      payload: { orderId: order.id, from: change.from, to: change.to, total: order.total },
    });
  }
  if (order.discountCodeId) await repos.discountUsage.releaseUse(order.discountCodeId);
  await giveBackSpentStoreCredit(repos, order, null, "Payment denied: store credit given back", deps);
}

/**
 * One verified provider event applied to its order, inside the caller's transaction (which also
 * recorded the event id, so it is applied once). An event about an order the store does not know
 * changes nothing.
 */
export async function applyProviderEvent(
  repos: Repos,
  event: ProviderEvent,
  deps: Deps & { provider: string },
): Promise<"applied" | "unchanged" | "unknown_order"> {
  const order =
    (event.captureId ? await repos.orders.byCaptureId(event.captureId) : null) ?? (event.paymentId ? await repos.orders.byPaymentId(event.paymentId) : null);
  if (!order) {
    // Money the provider took for no order the store knows (the shopper's capture call never came
    // back, and they did not try again): refunded by reconciliation after a grace period, unless an
    // order for it appears meanwhile (the capture call was only slower than this event).
    if (event.kind === "capture_completed" && event.captureId && event.amount) {
      const now = deps.clock.now();
      await repos.payments.queueRefund({
        captureId: event.captureId,
        amount: event.amount,
        reason: ORPHAN_CAPTURE_REASON,
        provider: deps.provider,
        dueAt: new Date(now.getTime() + ORPHAN_CAPTURE_GRACE_MS),
        at: now,
      });
    }
    return "unknown_order";
  }
  const source = `webhook ${event.type}`;
  const now = deps.clock.now();
  switch (event.kind) {
    case "capture_completed":
      return (await settleCapture(repos, order, "completed", source, deps)) ? "applied" : "unchanged";
    case "capture_denied":
      return (await settleCapture(repos, order, "denied", source, deps)) ? "applied" : "unchanged";
    case "capture_reversed":
      return (await settleCapture(repos, order, "reversed", source, deps)) ? "applied" : "unchanged";
    case "capture_refunded": {
      // A refund the store asked for itself is known by its provider id: already counted.
      if (await repos.payments.refundByProviderId(event.refundId)) return "unchanged";
      const amount = Math.min(event.amount, refundable(order).toPayment);
      if (amount <= 0) return "unchanged";
      const recorded = await recordRefund(
        repos,
        order,
        {
          amount,
          reason: "Refunded at the payment provider",
          idempotencyKey: null,
          actorId: null,
          way: { kind: "at_provider", providerRefundId: event.refundId },
        },
        deps,
      );
      return recorded.kind === "recorded" ? "applied" : "unchanged";
    }
    case "dispute_opened": {
      if (!disputeMayBecome(order.dispute, "open") || !(await repos.payments.setDispute(order.id, "open", now))) return "unchanged";
      await history(repos, order, "dispute_opened", null, `The buyer opened a dispute (${event.disputeId})`, deps);
      await repos.outcomes.chargeback(order, "dispute", amountPaid(order) - order.refundedToPayment, now);
      await repos.rewards.orderRefunded({ userId: order.userId, orderId: order.id, netPaid: 0 });
      return "applied";
    }
    case "dispute_resolved": {
      if (!disputeMayBecome(order.dispute, "resolved") || !(await repos.payments.setDispute(order.id, "resolved", now))) return "unchanged";
      await history(repos, order, "dispute_resolved", null, `Dispute ${event.disputeId} resolved${event.outcome ? `: ${event.outcome}` : ""}`, deps);
      await repos.outcomes.disputeEnded(order, event.outcome, now);
      return "applied";
    }
    default:
      return "unchanged";
  }
}

/** The refund queue's reason for a capture that became no order the store knows of (a webhook said it completed). */
export const ORPHAN_CAPTURE_REASON = "A payment was taken but no order was placed for it";
/** How long such a capture waits for its order before it is refunded: longer than any checkout hold. */
export const ORPHAN_CAPTURE_GRACE_MS = 30 * 60_000;
