import type { Clock } from "../shared/clock.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { eachClaimedOrder, type ClaimedOrdersRun } from "./claimed-orders.ts";
import { AT_RISK_BEFORE_MS, isAtRisk } from "./delivery.ts";
import type { FulfilmentRepositories } from "./fulfilment-repositories.port.ts";

/**
 * Warn before it is late (issue 21): every paid order still pending (nobody started it) that is at
 * most 5 minutes from its deadline is recorded once as at risk, with OrderDeliveryAtRisk (the seam
 * where staff are emailed). Claimed and written like settleLateOrders: each order in its own
 * transaction, rows other processes hold skipped, the mark a conditional update, so each order is
 * warned about once across processes and restarts. Answers the ids warned about in this run; a
 * failed transaction stops the run (onError) and the next run tries again.
 */
export async function warnAtRiskOrders(
  deps: ClaimedOrdersRun & { unitOfWork: UnitOfWork<Pick<FulfilmentRepositories, "orders" | "events">>; clock: Clock },
): Promise<string[]> {
  const now = deps.clock.now();
  const results = await eachClaimedOrder(deps, (seen) =>
    deps.unitOfWork.run(async ({ orders, events }) => {
      const order = await orders.claimAtRisk(now, AT_RISK_BEFORE_MS, seen);
      if (!order) return null;
      if (!isAtRisk(order, now) || !(await orders.markAtRisk(order.id, now))) return { orderId: order.id, warned: false };
      await events.append({
        type: "OrderDeliveryAtRisk",
        occurredAt: now,
        visitorId: null,
        userId: null,
        payload: { orderId: order.id, dueAt: order.delivery.dueAt!.toISOString() },
      });
      return { orderId: order.id, warned: true };
    }),
  );
  return results.filter((result) => result.warned).map((result) => result.orderId);
}
