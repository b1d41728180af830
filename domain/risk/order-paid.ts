import { assessRisk } from "./risk-assessment.ts";
import { defaultDeliveryPolicy, type DeliveryPolicy } from "../fulfilment/delivery.ts";
import { amountPaid, type Order } from "../orders/order.ts";
import type { RiskRepositories } from "./risk-repositories.port.ts";
import { promiseFrom, startDeliveryClock } from "../fulfilment/start-delivery-clock.ts";

/**
 * THE one place where an order becomes paid, inside the transaction that makes it so: at placement
 * when the capture completed at once, or later when a payment held for review completes (webhook
 * or reconciliation, through the payments module's PaymentOutcomes). Called exactly once per order (the callers' conditional updates decide).
 * What must start when the money is in starts here: the payment history line, the risk check
 * (issue 37) and the delivery clock (issue 21: paid now, due DELIVERY_SLA_MINUTES later, "Payment
 * received" on the timeline). An order the risk check holds is paid but has no deadline: it is out
 * of the delivery queue and never late until staff approve it (decide-risk.ts starts its clock then);
 * OrderHeld says so to the analytics.
 * Answers the order with its clock.
 */
export async function orderPaid(
  repos: Pick<RiskRepositories, "payments" | "orders" | "timeline" | "risk" | "mail" | "events" | "terms">,
  order: Order,
  paid: { note: string; at: Date; delivery?: DeliveryPolicy | undefined },
): Promise<Order> {
  const { note, at: now } = paid;
  await repos.payments.addHistory({ orderId: order.id, kind: "paid", amount: amountPaid(order), note, at: now });
  const subject = {
    orderId: order.id,
    userId: order.userId,
    email: order.email,
    robloxUsername: order.robloxUsername,
    total: order.total,
    robloxAccountCreatedAt: order.recipient.accountCreatedAt,
  };
  // The payer and the address were stored with the order (placeOrder); factsFor reads them there, so a
  // payment the provider completes later (settle-payment.ts) is scored with them too.
  const risk = assessRisk(await repos.risk.factsFor(subject, now), await repos.risk.settings());
  await repos.risk.record(order.id, { state: risk.state, score: risk.score, reasons: risk.reasons });
  const policy = paid.delivery ?? defaultDeliveryPolicy;
  if (risk.state === "clear") return startDeliveryClock(repos, order, now, policy);
  // Held: the promise is made now (its products' as they stand) and counts from the approval.
  const { promiseMinutes } = await promiseFrom(repos, order, now, policy);
  if (!(await repos.orders.startClock(order.id, { paidAt: now, dueAt: null, promiseMinutes }))) return order;
  await repos.events.append({
    type: "OrderHeld",
    occurredAt: now,
    visitorId: null,
    userId: order.userId,
    payload: { orderId: order.id, score: risk.score, total: order.total },
  });
  await repos.timeline.record({ orderId: order.id, at: now, kind: "paid", text: "Payment received", actorId: order.userId });
  await repos.timeline.record({ orderId: order.id, at: now, kind: "held", text: "We're checking the payment before delivery", actorId: null });
  await repos.mail.add({ template: "order_held", to: order.email, data: { orderId: order.id, robloxUsername: order.robloxUsername } }, order.userId);
  return { ...order, delivery: { ...order.delivery, paidAt: now, promiseMinutes } };
}
