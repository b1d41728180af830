import { SYSTEM_ACTOR } from "../audit/audit-entry.ts";
import type { Audited } from "../audit/audit-log.port.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { eachClaimedOrder, type ClaimedOrdersRun } from "./claimed-orders.ts";
import { decideLateness } from "./delivery.ts";
import type { FulfilmentRepositories } from "./fulfilment-repositories.port.ts";

export interface SettleLateOrdersDeps extends ClaimedOrdersRun {
  unitOfWork: UnitOfWork<FulfilmentRepositories & Audited>;
  clock: Clock;
  /** SLA_COMPENSATION_POINTS: what a late order is worth to its shopper; 0 marks late orders without compensating. */
  compensationPoints: number;
}

export interface SettledOrder {
  orderId: string;
  /** This run recorded the order as late. */
  markedLate: boolean;
  /** This run compensated the shopper (points, audit entry, timeline, OrderCompensated). */
  compensated: boolean;
}

/**
 * The late-order job's one run: every paid, not cancelled order past its deadline and undelivered
 * (or delivered after it) is recorded as late, once, with OrderLate and a timeline line; and, when
 * compensation is on, its shopper is credited `compensationPoints` points, once per order, in the
 * points ledger (reason late_delivery), the audit trail (actor: the system) and the timeline, with
 * OrderCompensated (the seam where the shopper's notice is sent). Orders awaiting payment,
 * cancelled or refunded are never compensated.
 *
 * Each order is settled in its own transaction, which first claims the order's row (skipping rows
 * another process holds), so several processes running this at once share the orders; what makes
 * "once" hold whatever happens (two processes, a crash between steps, a restart, a clock running
 * again) is that the compensation is recorded by a conditional update (compensatedAt is null) and
 * a ledger entry unique per order, in the same transaction: a second attempt changes nothing.
 */
export async function settleLateOrders(deps: SettleLateOrdersDeps): Promise<SettledOrder[]> {
  const now = deps.clock.now();
  const points = Math.max(0, Math.floor(deps.compensationPoints));
  const results = await eachClaimedOrder(deps, settleNext);
  return results.filter((result) => result.markedLate || result.compensated);

  function settleNext(seen: readonly string[]): Promise<SettledOrder | null> {
    return deps.unitOfWork.run(async ({ orders, timeline, events, rewards, audit, mail }) => {
      const order = await orders.claimOverdue(now, { compensating: points > 0, except: seen });
      if (!order) return null;
      const decision = decideLateness(order, now, points);
      const outcome: SettledOrder = { orderId: order.id, markedLate: false, compensated: false };
      const dueAt = order.delivery.dueAt;
      if (decision !== "none" && dueAt && order.delivery.lateAt === null && (await orders.markLate(order.id, dueAt))) {
        outcome.markedLate = true;
        await timeline.record({ orderId: order.id, at: dueAt, kind: "late", text: "Late: the delivery deadline passed", actorId: null });
        await events.append({
          type: "OrderLate",
          occurredAt: now,
          visitorId: null,
          userId: order.userId,
          payload: { orderId: order.id, dueAt: dueAt.toISOString() },
        });
      }
      if (decision === "compensate" && (await orders.markCompensated(order.id, now, points))) {
        outcome.compensated = true;
        const credited = await rewards.lateDeliveryCompensation({ userId: order.userId, orderId: order.id, points });
        await timeline.record({
          orderId: order.id,
          at: now,
          kind: "compensated",
          text: `Compensated with ${points} points for the late delivery`,
          actorId: null,
        });
        await events.append({ type: "OrderCompensated", occurredAt: now, visitorId: null, userId: order.userId, payload: { orderId: order.id, points } });
        await audit.record({
          actor: SYSTEM_ACTOR,
          at: now,
          kind: "order.late",
          entityId: order.id,
          before: { compensatedAt: null },
          after: { compensatedAt: now.toISOString(), points, credited },
        });
      }
      // The shopper hears it from us first (issue 19's outbox, in this transaction): once, when the
      // order is compensated, or when it is marked late and compensation is off.
      if (outcome.compensated || (outcome.markedLate && points === 0)) {
        await mail.add(
          {
            template: "order_late",
            to: order.email,
            data: { orderId: order.id, robloxUsername: order.robloxUsername, points: outcome.compensated ? points : 0 },
          },
          order.userId,
        );
      }
      return outcome;
    });
  }
}
