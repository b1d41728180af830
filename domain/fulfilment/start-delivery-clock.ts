import { clockStartedAt, type DeliveryPolicy } from "./delivery.ts";
import type { Order } from "../orders/order.ts";
import type { FulfilmentRepositories } from "./fulfilment-repositories.port.ts";
import { type DeliveryClock } from "../orders/delivery-clock.ts";

/**
 * THE hook for "payment complete": starts the order's delivery clock (paid now, due
 * DELIVERY_SLA_MINUTES later), writes "Payment received" to its timeline and appends
 * OrderReleased (it may be delivered: what webhooks announce, issue 46), inside the caller's
 * transaction. Today an order exists only once its payment is captured, so placeOrder calls it;
 * when orders can await payment, the payment's completion calls it instead. A clock that already
 * runs is left alone (a repeated completion changes nothing) and the order comes back unchanged.
 */
export async function startDeliveryClock(
  repos: Pick<FulfilmentRepositories, "orders" | "timeline" | "events">,
  order: Order,
  paidAt: Date,
  policy: DeliveryPolicy,
): Promise<Order> {
  if (order.delivery.paidAt !== null) return order;
  const started = clockStartedAt(paidAt, policy);
  if (!(await repos.orders.startClock(order.id, { paidAt, dueAt: started.dueAt! }))) return order;
  await repos.timeline.record({ orderId: order.id, at: paidAt, kind: "paid", text: "Payment received", actorId: order.userId });
  await orderReleased(repos, order, paidAt, started.dueAt!);
  const delivery: DeliveryClock = { ...order.delivery, ...started };
  return { ...order, delivery };
}

/**
 * Says the order may be delivered now (issue 46): at payment when the risk checks did not hold it
 * (startDeliveryClock), or when staff approved it (decide-risk.ts). Never for a held order.
 */
export async function orderReleased(repos: Pick<FulfilmentRepositories, "events">, order: Pick<Order, "id" | "userId">, at: Date, dueAt: Date): Promise<void> {
  await repos.events.append({
    type: "OrderReleased",
    occurredAt: at,
    visitorId: null,
    userId: order.userId,
    payload: { orderId: order.id, dueAt: dueAt.toISOString() },
  });
}
