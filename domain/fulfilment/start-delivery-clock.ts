import { clockStartedAt, type DeliveryPolicy } from "./delivery.ts";
import type { Order } from "../orders/order.ts";
import type { FulfilmentRepositories } from "./fulfilment-repositories.port.ts";
import { type DeliveryClock } from "../orders/delivery-clock.ts";

/**
 * THE hook for "payment complete": starts the order's delivery clock (paid now, due
 * DELIVERY_SLA_MINUTES later) and writes "Payment received" to its timeline, inside the caller's
 * transaction. Today an order exists only once its payment is captured, so placeOrder calls it;
 * when orders can await payment, the payment's completion calls it instead. A clock that already
 * runs is left alone (a repeated completion changes nothing) and the order comes back unchanged.
 */
export async function startDeliveryClock(
  repos: Pick<FulfilmentRepositories, "orders" | "timeline">,
  order: Order,
  paidAt: Date,
  policy: DeliveryPolicy,
): Promise<Order> {
  if (order.delivery.paidAt !== null) return order;
  const started = clockStartedAt(paidAt, policy);
  if (!(await repos.orders.startClock(order.id, { paidAt, dueAt: started.dueAt! }))) return order;
  await repos.timeline.record({ orderId: order.id, at: paidAt, kind: "paid", text: "Payment received", actorId: order.userId });
  const delivery: DeliveryClock = { ...order.delivery, ...started };
  return { ...order, delivery };
}
