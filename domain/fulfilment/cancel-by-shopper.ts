import { SYSTEM_ACTOR, type AuditActor } from "../audit/audit-entry.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import type { Order } from "../orders/order.ts";
import { orderNotFound } from "../orders/orders.errors.ts";
import { isDomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";
import { refundable } from "../payments/order-payment.ts";
import type { RefundDestination } from "../payments/order-payment.ts";
import { applyStatusChange } from "./change-order-status.ts";
import type { CancelRequest, RefundTo } from "./cancel-requests.port.ts";
import type { OwedRefund } from "./cancel-refunds.port.ts";
import { shopperCancel } from "./shopper-cancel.ts";
import type { FulfilmentRepositories } from "./fulfilment-repositories.port.ts";
import { noCancelRequest, orderNotCancellable } from "./fulfilment.errors.ts";

/** The existing refund path (the payments module's refundOrder: idempotent, audited, timeline, webhook, email). */
export type RefundPath = (
  input: { orderId: string; amount: null; destination: RefundDestination; reason: string; idempotencyKey: string },
  actor: AuditActor,
) => Promise<unknown>;

export interface CancelDeps {
  unitOfWork: UnitOfWork<FulfilmentRepositories>;
  clock: Clock;
  ids: IdGenerator;
  refund: RefundPath;
  /** A refund that failed and will be tried again (for the log). */
  onRefundError?: (error: unknown, orderId: string) => void;
}

/** Where a cancelled order's money goes back: null when nothing is left to give back. */
function cancellationRefund(order: Order, refundTo: RefundTo): RefundDestination | null {
  const left = refundable(order);
  // Store credit spent came back with the cancellation; a payment taken goes where the shopper chose.
  const destination: RefundDestination = refundTo === "payment" && order.captureId && left.toPayment > 0 ? "payment" : "store_credit";
  return (destination === "payment" ? left.toPayment : left.total) > 0 ? destination : null;
}

/** How long the first attempt, made right after the cancel commits, has before the job may try it too. */
const FIRST_ATTEMPT_MS = 120_000;
/** Between attempts of a refund that failed: 5 minutes more each time, at most an hour. */
const retryDelayMs = (attempts: number) => Math.min(12, Math.max(1, attempts)) * 300_000;

/**
 * In the cancellation's transaction: the refund it owes is written down, so a failed refund (or a
 * process that stopped after the commit) is tried again by the job instead of being lost.
 */
async function oweRefund(repos: FulfilmentRepositories, order: Order, refundTo: RefundTo, now: Date): Promise<RefundDestination | null> {
  const destination = cancellationRefund(order, refundTo);
  if (destination) await repos.cancelRefunds.owe({ orderId: order.id, destination, dueAt: new Date(now.getTime() + FIRST_ATTEMPT_MS) });
  return destination;
}

/**
 * The refund of a cancelled order, through the refund path (its idempotency key is the order's, so
 * however often it is tried the money moves once). Made: no longer owed. Failed: tried again later;
 * the order stays cancelled and the refund owed, which is what the caller answers.
 */
async function payOwedRefund(owed: OwedRefund, actor: AuditActor, deps: CancelDeps): Promise<boolean> {
  const { orderId, destination } = owed;
  try {
    await deps.refund({ orderId, amount: null, destination, reason: "Cancelled before delivery", idempotencyKey: `shopper-cancel-${orderId}` }, actor);
  } catch (error) {
    if (!isDomainError(error) || error.code !== ErrorCode.nothingToRefund) {
      const retryAt = new Date(deps.clock.now().getTime() + retryDelayMs(owed.attempts));
      await deps.unitOfWork.run((repos) => repos.cancelRefunds.postpone(orderId, retryAt));
      deps.onRefundError?.(error, orderId);
      return false;
    }
  }
  await deps.unitOfWork.run((repos) => repos.cancelRefunds.paid(orderId));
  return true;
}

/** Cancels inside the transaction as staff would (stock and spent store credit back, the email, the timeline). */
async function cancelNow(repos: FulfilmentRepositories, orderId: string, actorId: string, deps: Pick<CancelDeps, "clock" | "ids">): Promise<Order> {
  await applyStatusChange(repos, { orderId, to: "cancelled", actorUserId: actorId, visitorId: null }, deps);
  return (await repos.orders.byId(orderId))!;
}

/**
 * POST /api/orders/{id}/cancel: the order's owner cancels it (another's order is a 404). Unstarted:
 * cancelled now and refunded to the payment or as store credit at once. Started: an open request
 * staff answer (asking again answers the same request). Delivered, cancelled or paid back: 409.
 */
export async function cancelByShopper(
  input: { orderId: string; userId: string; email: string; refundTo: RefundTo },
  deps: CancelDeps,
): Promise<{ status: "cancelled"; order: Order } | { status: "cancel_requested"; request: CancelRequest }> {
  const now = deps.clock.now();
  const done = await deps.unitOfWork.run(async (repos) => {
    const order = await repos.orders.byId(input.orderId);
    if (!order || order.userId !== input.userId) throw orderNotFound();
    const what = shopperCancel({
      status: order.status,
      paymentStatus: order.paymentStatus,
      delivered: order.delivery.deliveredAt !== null,
      started: order.delivery.startedAt !== null,
    });
    if (what === "closed") throw orderNotCancellable();
    if (what === "request") {
      const existing = await repos.cancelRequests.of(order.id);
      if (existing && existing.status !== "open") throw orderNotCancellable();
      const request = existing ?? (await repos.cancelRequests.open({ orderId: order.id, userId: input.userId, refundTo: input.refundTo, requestedAt: now }));
      if (!existing) {
        const text = `You asked to cancel: staff will answer (refund ${input.refundTo === "credit" ? "as store credit" : "to your payment"})`;
        await repos.timeline.record({ orderId: order.id, at: now, kind: "cancel_requested", text, actorId: input.userId });
      }
      return { status: "cancel_requested" as const, request };
    }
    const cancelled = await cancelNow(repos, order.id, input.userId, deps);
    const destination = await oweRefund(repos, cancelled, input.refundTo, now);
    return { status: "cancelled" as const, order: cancelled, destination };
  });
  if (done.status !== "cancelled") return done;
  if (done.destination)
    await payOwedRefund({ orderId: done.order.id, destination: done.destination, attempts: 0 }, { id: input.userId, email: input.email }, deps);
  return { status: "cancelled", order: (await deps.unitOfWork.run((repos) => repos.orders.byId(done.order.id))) ?? done.order };
}

/**
 * Staff answer a cancel request (POST /api/admin/orders/{id}/cancel-request): grant cancels the
 * order and refunds it as the shopper chose; refuse keeps it, with the reason on the timeline. Once
 * (a second answer, or the store's own, is a 409).
 */
export async function answerCancelRequest(
  input: { orderId: string; decision: "grant" | "refuse"; note: string },
  actor: AuditActor,
  deps: CancelDeps & { audited: UnitOfWork<FulfilmentRepositories> },
): Promise<CancelRequest> {
  // The decision is audited; the refund that follows is audited by the refund path itself.
  const granted = await deps.audited.run((repos) => decideInTransaction(repos, input, actor, deps));
  if (granted.owed) await payOwedRefund(granted.owed, actor, deps);
  return granted.request;
}

async function decideInTransaction(
  repos: FulfilmentRepositories,
  input: { orderId: string; decision: "grant" | "refuse"; note: string },
  actor: AuditActor,
  deps: Pick<CancelDeps, "clock" | "ids">,
): Promise<{ request: CancelRequest; owed: OwedRefund | null }> {
  const now = deps.clock.now();
  const request = await repos.cancelRequests.of(input.orderId);
  const status = input.decision === "grant" ? "granted" : "refused";
  const note = input.note.trim().slice(0, 500) || null;
  if (!request || !(await repos.cancelRequests.decide(input.orderId, { status, at: now, by: actor.id, note }))) throw noCancelRequest();
  const byStore = actor.id === SYSTEM_ACTOR.id;
  if (status === "refused") {
    await repos.timeline.record({
      orderId: input.orderId,
      at: now,
      kind: "cancel_refused",
      text: `We couldn't cancel your order${note ? `: ${note}` : ""}`,
      actorId: actor.id,
    });
    return { request: { ...request, status }, owed: null };
  }
  const text = byStore ? "Your cancel request was granted: nobody answered it in time" : `Your cancel request was granted${note ? `: ${note}` : ""}`;
  await repos.timeline.record({ orderId: input.orderId, at: now, kind: "cancel_granted", text, actorId: actor.id });
  const order = await repos.orders.byId(input.orderId);
  if (!order) throw orderNotFound();
  // Delivered meanwhile: the request is granted as a refund only (nothing left to cancel).
  const cancelled = order.status === "cancelled" ? order : await cancelNow(repos, order.id, actor.id, deps);
  const destination = await oweRefund(repos, cancelled, request.refundTo, now);
  return { request: { ...request, status }, owed: destination ? { orderId: cancelled.id, destination, attempts: 0 } : null };
}

/**
 * The job: every open request older than `grantAfterHours` is granted by the store, each in its own
 * transaction that claims the row (others' are skipped) and answers it by a conditional update, so
 * exactly once whatever the number of processes; the refund's idempotency key makes the money move once.
 */
export async function grantOverdueCancelRequests(deps: CancelDeps & { grantAfterHours: number; onError?: (error: unknown) => void }): Promise<string[]> {
  const granted: string[] = [];
  const tried: string[] = [];
  for (let i = 0; i < 100; i += 1) {
    const before = new Date(deps.clock.now().getTime() - deps.grantAfterHours * 3_600_000);
    try {
      const result = await deps.unitOfWork.run(async (repos) => {
        const request = await repos.cancelRequests.claimOverdue(before, tried);
        if (!request) return null;
        tried.push(request.orderId);
        return decideInTransaction(repos, { orderId: request.orderId, decision: "grant", note: "" }, SYSTEM_ACTOR, deps);
      });
      if (!result) break;
      granted.push(result.request.orderId);
      if (result.owed) await payOwedRefund(result.owed, SYSTEM_ACTOR, deps);
    } catch (error) {
      deps.onError?.(error);
      break;
    }
  }
  return granted;
}

/**
 * The job: the refunds cancellations still owe (a failed call, a process that stopped after the
 * cancel), each claimed in its own transaction (others' are skipped, and a claimed one is held for a
 * while) and made through the refund path, whose idempotency key makes the money move once.
 */
export async function payOwedCancelRefunds(deps: CancelDeps & { onError?: (error: unknown) => void }): Promise<string[]> {
  const paid: string[] = [];
  for (let i = 0; i < 100; i += 1) {
    try {
      const now = deps.clock.now();
      const owed = await deps.unitOfWork.run((repos) => repos.cancelRefunds.claimDue(now, new Date(now.getTime() + FIRST_ATTEMPT_MS)));
      if (!owed) break;
      if (await payOwedRefund(owed, SYSTEM_ACTOR, deps)) paid.push(owed.orderId);
    } catch (error) {
      deps.onError?.(error);
      break;
    }
  }
  return paid;
}
