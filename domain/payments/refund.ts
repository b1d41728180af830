import { amountPaid, amountPaidNetOfRefunds, type Order } from "../orders/order.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { Cents } from "../shared/money.ts";
import { refundable, type Refund } from "./order-payment.ts";
import type { RefundResult } from "./payment-gateway.port.ts";
import { mayBecome, statusAfterRefund } from "./payment-state.ts";
import type { PaymentsRepositories } from "./payments-repositories.port.ts";

type Repos = Pick<PaymentsRepositories, "payments" | "orders" | "rewards" | "events" | "mail">;
type Deps = { clock: Clock; ids: IdGenerator };

/**
 * How a refund's money goes back, which decides its destination, its status and what follows it:
 * - store_credit: an entry in the shopper's credit ledger, now (completed);
 * - at_provider: already made at the provider (a refund the provider reports by webhook; completed);
 * - queued: to the payment by the refund queue (reconcile-payments.ts), with the capture's request id,
 *   so never twice however often it is tried (pending, on its way);
 * - ask_provider: to the payment by the caller, who asks the provider at once and settles it with
 *   providerAnswered (refund-order.ts; pending).
 */
export type RefundWay =
  { kind: "store_credit" } | { kind: "at_provider"; providerRefundId: string } | { kind: "queued"; captureId: string } | { kind: "ask_provider" };

export interface RefundRequest {
  amount: Cents;
  reason: string;
  /** Makes the refund once per order: a second refund with the key is "duplicate" (null: none). */
  idempotencyKey: string | null;
  /** The administrator who refunds; null for the store itself or the provider. */
  actorId: string | null;
  way: RefundWay;
}

/**
 * recorded: the refund is kept and the order's refunded totals moved; duplicate: the order has a
 * refund with its idempotency key (or provider refund id) already, nothing changed; over_limit: it
 * would give back more than the order took (or a racing refund took the rest), nothing kept.
 */
export type RefundOutcome = { kind: "recorded"; refund: Refund } | { kind: "duplicate" } | { kind: "over_limit" };

/**
 * THE one refund path, inside the caller's transaction: every refund of an order (an
 * administrator's, a cancellation's store credit, a risk rejection's, a payment completed after its
 * order was cancelled, one made at the provider) is recorded here. The refund is stored (once per
 * idempotency key), the order's refunded totals move in one conditional update (two racing refunds
 * cannot give back more than the order took), store credit is given, and once its money is on its
 * way (every way but ask_provider, which the caller settles with providerAnswered) refundRecorded follows: payment
 * status, points, history, OrderRefunded and the shopper's email. A queued refund is queued last.
 * The caller decides what a duplicate or an over-limit refund means (a 409, or nothing to do).
 */
export async function recordRefund(repos: Repos, order: Order, request: RefundRequest, deps: Deps): Promise<RefundOutcome> {
  const { way } = request;
  const toPayment = way.kind !== "store_credit";
  const refund: Refund = {
    id: deps.ids.newId(),
    orderId: order.id,
    amount: request.amount,
    destination: toPayment ? "payment" : "store_credit",
    status: way.kind === "queued" || way.kind === "ask_provider" ? "pending" : "completed",
    reason: request.reason,
    idempotencyKey: request.idempotencyKey,
    providerRefundId: way.kind === "at_provider" ? way.providerRefundId : null,
    actorId: request.actorId,
    createdAt: deps.clock.now(),
  };
  if (!(await repos.payments.addRefund(refund))) return { kind: "duplicate" };
  if (!(await repos.payments.addRefunded(order.id, refund.amount, toPayment, { maxTotal: order.total, maxToPayment: amountPaid(order) })))
    return { kind: "over_limit" };
  if (way.kind === "store_credit")
    await repos.rewards.giveStoreCredit({ userId: order.userId, refundId: refund.id, amount: refund.amount, actorId: refund.actorId });
  if (way.kind !== "ask_provider") await refundRecorded(repos, order, refund, deps);
  if (way.kind === "queued") {
    const now = deps.clock.now();
    await repos.payments.queueRefund({
      captureId: way.captureId,
      amount: refund.amount,
      reason: refund.reason,
      dueAt: now,
      at: now,
      provider: order.paymentProvider,
    });
  }
  return { kind: "recorded", refund };
}

/**
 * The provider's answer to a refund asked of it (ask_provider), in the transaction that settles it:
 * accepted (completed, or pending at the provider), the refund takes the provider's id and what
 * follows a refund follows (refundRecorded); refused, the refund failed, its reservation of the
 * order's refunded totals is released and the history says why.
 */
export async function providerAnswered(
  repos: Repos,
  order: Order,
  refund: Refund,
  answer: RefundResult,
  deps: Pick<Deps, "clock">,
): Promise<{ kind: "refused"; reason: string } | { kind: "accepted"; refund: Refund }> {
  if (answer.status === "refused") {
    await repos.payments.setRefundStatus(refund.id, "failed", null);
    await repos.payments.addRefunded(order.id, -refund.amount, true, { maxTotal: order.total, maxToPayment: amountPaid(order) });
    await repos.payments.addHistory({
      orderId: order.id,
      kind: "refund_failed",
      amount: refund.amount,
      note: `The provider refused the refund: ${answer.reason}`,
      at: deps.clock.now(),
    });
    return { kind: "refused", reason: answer.reason };
  }
  await repos.payments.setRefundStatus(refund.id, answer.status, answer.id);
  await refundRecorded(repos, order, refund, deps);
  return { kind: "accepted", refund: { ...refund, status: answer.status, providerRefundId: answer.id } };
}

/**
 * Gives back the store credit spent on a cancelled order, once per order (the refund's fixed
 * idempotency key), as a refund to store credit: at most what is left to refund.
 */
export async function giveBackSpentStoreCredit(repos: Repos, order: Order, actorId: string | null, reason: string, deps: Deps): Promise<void> {
  const fresh = (await repos.orders.byId(order.id)) ?? order;
  const amount = Math.min(fresh.creditApplied, refundable(fresh).total);
  if (amount <= 0) return;
  await recordRefund(repos, fresh, { amount, reason, idempotencyKey: "order-cancelled", actorId, way: { kind: "store_credit" } }, deps);
}

/**
 * What follows a refund once its money is on its way (the order's refunded totals already moved):
 * the payment status, the points the order keeps, the history and the OrderRefunded event (which
 * the email module mails to the shopper). recordRefund calls it, and providerAnswered once the
 * provider accepted a refund asked of it.
 */
export async function refundRecorded(
  repos: Repos,
  before: Order,
  refund: { id: string; amount: Cents; destination: "payment" | "store_credit"; reason: string },
  deps: Pick<Deps, "clock">,
): Promise<void> {
  const order = (await repos.orders.byId(before.id)) ?? before;
  const next = statusAfterRefund(order.paymentStatus, order.total, order.refunded);
  // Conditional on the status just read, so a reversal committed meanwhile is not overwritten.
  if (next !== order.paymentStatus && mayBecome(order.paymentStatus, next))
    await repos.payments.setPaymentStatus(order.id, [order.paymentStatus], next, deps.clock.now());
  await repos.rewards.orderRefunded({ userId: order.userId, orderId: order.id, netPaid: amountPaidNetOfRefunds({ ...order, paymentStatus: next }) });
  const where = refund.destination === "payment" ? "to the payment" : "as store credit";
  await repos.payments.addHistory({
    orderId: order.id,
    kind: "refunded",
    amount: refund.amount,
    note: `Refunded ${where}: ${refund.reason}`,
    at: deps.clock.now(),
  });
  await repos.events.append({
    type: "OrderRefunded",
    occurredAt: deps.clock.now(),
    visitorId: null,
    userId: order.userId,
    payload: { orderId: order.id, refundId: refund.id, amount: refund.amount, destination: refund.destination, reason: refund.reason },
  });
  // The shopper hears where the money went, only if this refund's transaction commits (issue 19).
  await repos.mail.add(
    {
      template: "order_refunded",
      to: order.email,
      data: { orderId: order.id, amount: refund.amount, destination: refund.destination, reason: refund.reason },
    },
    order.userId,
  );
}
