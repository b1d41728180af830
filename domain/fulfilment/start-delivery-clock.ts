import { orderPromiseMinutes, type DeliveryPolicy } from "./delivery.ts";
import type { Order } from "../orders/order.ts";
import type { FulfilmentRepositories } from "./fulfilment-repositories.port.ts";
import { type DeliveryClock } from "../orders/delivery-clock.ts";
import { promisedDueAt } from "./staffed-hours.ts";

type ClockRepos = Pick<FulfilmentRepositories, "orders" | "timeline" | "events" | "terms">;

/**
 * The promise an order is made now: its products' longest delivery time (kept on the order), due
 * that long after `from`, or after the start of the next staffed period when staff are off.
 * An order that already keeps a promise keeps it (a held order released, a buyer ready again).
 */
export async function promiseFrom(
  repos: Pick<FulfilmentRepositories, "terms">,
  order: Pick<Order, "id" | "delivery">,
  from: Date,
  policy: DeliveryPolicy,
): Promise<{ promiseMinutes: number; dueAt: Date }> {
  const promiseMinutes = order.delivery.promiseMinutes ?? orderPromiseMinutes(await repos.terms.productMinutes(order.id), policy);
  return { promiseMinutes, dueAt: promisedDueAt(await repos.terms.staffedHours(), from, promiseMinutes) };
}

/**
 * THE hook for "payment complete": starts the order's delivery clock (paid now, due its promise
 * later, counted from the next staffed period outside the staffed hours), writes "Payment
 * received" to its timeline and appends OrderReleased (it may be delivered: what webhooks
 * announce), inside the caller's transaction. A clock that already runs is left alone (a repeated
 * completion changes nothing) and the order comes back unchanged.
 */
export async function startDeliveryClock(repos: ClockRepos, order: Order, paidAt: Date, policy: DeliveryPolicy): Promise<Order> {
  if (order.delivery.paidAt !== null) return order;
  const { promiseMinutes, dueAt } = await promiseFrom(repos, order, paidAt, policy);
  if (!(await repos.orders.startClock(order.id, { paidAt, dueAt, promiseMinutes }))) return order;
  await repos.timeline.record({ orderId: order.id, at: paidAt, kind: "paid", text: "Payment received", actorId: order.userId });
  const startsAt = new Date(dueAt.getTime() - Math.round(promiseMinutes * 60_000));
  if (startsAt.getTime() > paidAt.getTime()) {
    const text = `Paid outside our delivery hours: delivery starts ${utcMoment(startsAt)}, due by ${utcMoment(dueAt)}`;
    await repos.timeline.record({ orderId: order.id, at: paidAt, kind: "hours", text, actorId: null });
  }
  await orderReleased(repos, order, paidAt, dueAt);
  const delivery: DeliveryClock = { ...order.delivery, paidAt, dueAt, promiseMinutes };
  return { ...order, delivery };
}

/** "Thu 3 Dec, 08:00 UTC": a moment a timeline line names, in the one zone every reader shares. */
export function utcMoment(at: Date): string {
  const day = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" }).format(at);
  const time = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
  return `${day.replace(",", "")}, ${time} UTC`;
}

/**
 * Says the order may be delivered now: at payment when the risk checks did not hold it
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
