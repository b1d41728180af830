import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import { defaultDeliveryPolicy, type DeliveryPolicy } from "./delivery.ts";
import { amountPaid, type Order } from "./order.ts";
import type { OrderingRepositories } from "./ordering-repositories.port.ts";
import { startDeliveryClock } from "./start-delivery-clock.ts";

/**
 * THE one place where an order becomes paid, inside the transaction that makes it so: at placement
 * when the capture completed at once, or later when a payment held for review completes (webhook
 * or reconciliation). Called exactly once per order (the callers' conditional updates decide).
 * What must start when the money is in starts here: the payment history line and the delivery
 * clock (issue 21: paid now, due DELIVERY_SLA_MINUTES later, "Payment received" on the timeline).
 * Answers the order with its clock.
 */
export async function orderPaid(
  repos: Pick<OrderingRepositories, "payments" | "orders" | "timeline">,
  order: Order,
  note: string,
  deps: { clock: Clock; ids: IdGenerator; delivery?: DeliveryPolicy | undefined },
): Promise<Order> {
  const now = deps.clock.now();
  await repos.payments.addHistory({ orderId: order.id, kind: "paid", amount: amountPaid(order), note, at: now });
  return startDeliveryClock(repos, order, now, deps.delivery ?? defaultDeliveryPolicy);
}
