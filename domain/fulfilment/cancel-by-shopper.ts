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
import { offTheClock } from "./delivery.ts";
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
}

/**
 * What a shopper's cancel does to an order: cancels it at once while nobody has started it (pending,
 * delivery not started); asks staff once they have (processing, or started); nothing once it is
 * delivered, cancelled or paid back.
 */
export function shopperCancel(order: Pick<Order, "status" | "paymentStatus" | "delivery">): "cancel" | "request" | "closed" {
  if (order.status === "cancelled" || order.status === "completed" || order.delivery.deliveredAt !== null) return "closed";
  if (offTheClock(order) || order.paymentStatus === "denied") return "closed";
  return order.status === "processing" || order.delivery.startedAt !== null ? "request" : "cancel";
}

/** The refund of a cancelled order, through the refund path, once (its idempotency key is the order's). */
async function refundCancelled(order: Order, refundTo: RefundTo, actor: AuditActor, refund: RefundPath): Promise<void> {
  const left = refundable(order);
  // Store credit spent came back with the cancellation; a payment taken goes where the shopper chose.
  const destination: RefundDestination = refundTo === "payment" && order.captureId && left.toPayment > 0 ? "payment" : "store_credit";
  if ((destination === "payment" ? left.toPayment : left.total) <= 0) return;
  try {
    await refund({ orderId: order.id, amount: null, destination, reason: "Cancelled before delivery", idempotencyKey: `shopper-cancel-${order.id}` }, actor);
  } catch (error) {
    if (isDomainError(error) && error.code === ErrorCode.nothingToRefund) return;
    throw error;
  }
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
    const what = shopperCancel(order);
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
    return { status: "cancelled" as const, order: await cancelNow(repos, order.id, input.userId, deps) };
  });
  if (done.status === "cancelled") await refundCancelled(done.order, input.refundTo, { id: input.userId, email: input.email }, deps.refund);
  return done;
}

/**
 * Staff answer a cancel request (POST /api/admin/orders/{id}/cancel-request): grant cancels the
 * order and refunds it as the shopper chose; refuse keeps it, with the reason on the timeline. Once
 * (a second answer, or the store's own, is a 409).
 */
export async function answerCancelRequest(
  input: { orderId: string; decision: "grant" | "refuse"; note: string },
  actor: AuditActor,
  deps: CancelDeps,
): Promise<CancelRequest> {
  const granted = await deps.unitOfWork.run((repos) => decideInTransaction(repos, input, actor, deps));
  if (granted.order) await refundCancelled(granted.order, granted.request.refundTo, actor, deps.refund);
  return granted.request;
}

async function decideInTransaction(
  repos: FulfilmentRepositories,
  input: { orderId: string; decision: "grant" | "refuse"; note: string },
  actor: AuditActor,
  deps: Pick<CancelDeps, "clock" | "ids">,
): Promise<{ request: CancelRequest; order: Order | null }> {
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
    return { request: { ...request, status }, order: null };
  }
  const text = byStore ? "Your cancel request was granted: nobody answered it in time" : `Your cancel request was granted${note ? `: ${note}` : ""}`;
  await repos.timeline.record({ orderId: input.orderId, at: now, kind: "cancel_granted", text, actorId: actor.id });
  const order = await repos.orders.byId(input.orderId);
  if (!order) throw orderNotFound();
  // Delivered meanwhile: the request is granted as a refund only (nothing left to cancel).
  const cancelled = order.status === "cancelled" ? order : await cancelNow(repos, order.id, actor.id, deps);
  return { request: { ...request, status }, order: cancelled };
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
      if (result.order) await refundCancelled(result.order, result.request.refundTo, SYSTEM_ACTOR, deps.refund);
    } catch (error) {
      deps.onError?.(error);
      break;
    }
  }
  return granted;
}
