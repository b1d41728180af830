import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import { amountPaid, type Order } from "./order.ts";
import type { OrderingRepositories } from "./ordering-unit-of-work.ts";

/**
 * THE one place where an order becomes paid, inside the transaction that makes it so: at placement
 * when the capture completed at once, or later when a payment held for review completes (webhook
 * or reconciliation). Called exactly once per order (the callers' conditional updates decide).
 * Whatever must start when the money is in (the delivery clock, issue 21) is started from here.
 */
export async function orderPaid(
  repos: Pick<OrderingRepositories, "payments">,
  order: Pick<Order, "id" | "total" | "creditApplied">,
  note: string,
  deps: { clock: Clock; ids: IdGenerator },
): Promise<void> {
  await repos.payments.addHistory({ orderId: order.id, kind: "paid", amount: amountPaid(order), note, at: deps.clock.now() });
}
