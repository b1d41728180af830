import type { PaymentGateways } from "./payment-gateway.port.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import type { PaymentsRepositories } from "./payments-repositories.port.ts";
import { mayBecome } from "./payment-state.ts";
import { ORPHAN_CAPTURE_REASON, settleCapture } from "./settle-payment.ts";

export interface ReconcileChange {
  /** "payment": an order awaiting review; "refund": a captured payment without an order, to refund. */
  kind?: "payment" | "refund";
  orderId: string;
  captureId: string;
  /** What the provider said, and whether the order changed because of it. */
  providerSays: string;
  changed: boolean;
}

export interface ReconcileDeps {
  unitOfWork: UnitOfWork<PaymentsRepositories>;
  /** Each payment is asked about at the gateway of the provider that took it. */
  gateways: PaymentGateways;
  clock: Clock;
  ids: IdGenerator;
  /** This process's name in the leases. */
  worker: string;
  /** How long a lease holds a check (longer than asking the provider can take). */
  leaseMs: number;
  /** When to ask again about a payment still pending, and after a failure (times the attempt, up to 12). */
  recheckMs: number;
  /** How many checks one pass takes. */
  batch?: number;
  /** Ask about every payment awaiting review now, due or not (the CLI). */
  everything?: boolean;
}

/**
 * Reconciliation, for when a webhook never comes: asks the provider about payments still awaiting
 * review whose check is due, and settles them as a webhook would (settleCapture: paid, or denied
 * and cancelled, once). Each check is leased to this process first, so that with several processes
 * exactly one works on a payment at a time; a lease that runs out (a process died) is taken over.
 * A payment still pending is asked about again after `recheckMs`; a failure to ask is retried with
 * a growing delay. Answers what each check found.
 */
export async function reconcilePayments(deps: ReconcileDeps): Promise<ReconcileChange[]> {
  const now = deps.clock.now();
  const candidates = await deps.unitOfWork.run(({ payments }) =>
    payments.dueChecks({ now, dueBy: deps.everything ? new Date("9999-12-31T23:59:59.999Z") : now, limit: deps.batch ?? (deps.everything ? 1000 : 20) }),
  );
  const claimed = [];
  for (const candidate of candidates) {
    const check = await deps.unitOfWork.run(({ payments }) =>
      payments.claimCheck(candidate.orderId, { now, leaseUntil: new Date(now.getTime() + deps.leaseMs), worker: deps.worker }),
    );
    if (check) claimed.push({ ...check, provider: candidate.provider ?? null });
  }
  const changes: ReconcileChange[] = [];
  for (const check of claimed) {
    let state;
    try {
      state = await gatewayOf(deps.gateways, check.provider).captureStatus(check.captureId);
    } catch {
      const delay = deps.recheckMs * Math.min(12, check.attempts);
      await deps.unitOfWork.run(({ payments }) => payments.postponeCheck(check.orderId, new Date(deps.clock.now().getTime() + delay)));
      changes.push({ orderId: check.orderId, captureId: check.captureId, providerSays: "error", changed: false });
      continue;
    }
    // Each transaction writes first (SQLite: a transaction that reads before it writes could find
    // another process's commit in between and fail instead of waiting).
    const changed = await deps.unitOfWork.run(async (repos) => {
      if (state === "pending" || state === "unknown") {
        await repos.payments.postponeCheck(check.orderId, new Date(deps.clock.now().getTime() + deps.recheckMs));
        return false;
      }
      await repos.payments.finishCheck(check.orderId);
      const order = await repos.orders.byId(check.orderId);
      // Reconciliation settles reviews only: a payment that can no longer become paid is settled already.
      if (!order || !mayBecome(order.paymentStatus, "paid")) return false;
      const settled = state === "denied" ? "denied" : state === "reversed" ? "reversed" : "completed";
      return settleCapture(repos, order, settled, "reconciliation", deps);
    });
    changes.push({ orderId: check.orderId, captureId: check.captureId, providerSays: state, changed });
  }
  return [...changes, ...(await refundQueued(deps))];
}

/**
 * The queued refunds of captured payments that became no order: made once the provider says the
 * capture completed (with the same request id as any earlier attempt, so never twice); dropped when
 * the provider denied or already refunded it; asked about again later otherwise.
 */
async function refundQueued(deps: ReconcileDeps): Promise<ReconcileChange[]> {
  const now = deps.clock.now();
  const due = await deps.unitOfWork.run(({ payments }) =>
    payments.dueRefunds({ now, dueBy: deps.everything ? new Date("9999-12-31T23:59:59.999Z") : now, limit: deps.batch ?? 20 }),
  );
  const changes: ReconcileChange[] = [];
  for (const candidate of due) {
    const change = await refundQueuedCapture(candidate.captureId, deps);
    if (change) changes.push(change);
  }
  return changes;
}

/**
 * One queued refund, leased first (null when another process holds it or it is gone): by the pass
 * above, and at once after a risk rejection queued it (decide-risk.ts), so that a failed call is only
 * tried again later, never lost.
 */
export async function refundQueuedCapture(captureId: string, deps: Omit<ReconcileDeps, "batch" | "everything">): Promise<ReconcileChange | null> {
  const now = deps.clock.now();
  const item = await deps.unitOfWork.run(({ payments }) =>
    payments.claimRefund(captureId, { now, leaseUntil: new Date(now.getTime() + deps.leaseMs), worker: deps.worker }),
  );
  if (!item) return null;
  let outcome: "refunded" | "not_needed" | "later";
  let state = "error";
  // A capture refunded for want of an order: not when its order was placed after all.
  const placed = item.reason === ORPHAN_CAPTURE_REASON && (await deps.unitOfWork.run(({ orders }) => orders.byCaptureId(item.captureId))) !== null;
  if (placed) {
    await deps.unitOfWork.run(({ payments }) => payments.finishRefund(item.captureId));
    return { kind: "refund", orderId: "-", captureId: item.captureId, providerSays: "order placed", changed: false };
  }
  try {
    const gateway = gatewayOf(deps.gateways, item.provider);
    state = await gateway.captureStatus(item.captureId);
    if (state === "completed" || state === "partially_refunded") {
      const result = await gateway.refundCapture({
        captureId: item.captureId,
        amount: item.amount,
        currency: "USD",
        requestId: `refund-${item.captureId}`,
        note: item.reason,
      });
      outcome = result.status === "refused" ? "later" : "refunded";
    } else outcome = state === "denied" || state === "refunded" ? "not_needed" : "later";
  } catch {
    outcome = "later";
  }
  const delay = deps.recheckMs * Math.min(12, item.attempts);
  await deps.unitOfWork.run(({ payments }) =>
    outcome === "later" ? payments.postponeRefund(item.captureId, new Date(deps.clock.now().getTime() + delay)) : payments.finishRefund(item.captureId),
  );
  return { kind: "refund", orderId: "-", captureId: item.captureId, providerSays: state, changed: outcome === "refunded" };
}

/** The gateway of a payment's provider; rows from before providers were recorded are the default provider's. */
export function gatewayOf(gateways: PaymentGateways, provider: string | null | undefined) {
  return gateways.of(provider ?? gateways.providers[0]!);
}
