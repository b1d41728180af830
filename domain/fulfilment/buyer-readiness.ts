import type { Clock } from "../shared/clock.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import type { Readiness } from "../orders/delivery-clock.ts";
import type { Order } from "../orders/order.ts";
import { orderChangedMeanwhile, orderNotFound } from "../orders/orders.errors.ts";
import { awaitingDelivery, type DeliveryPolicy } from "./delivery.ts";
import type { FulfilmentRepositories } from "./fulfilment-repositories.port.ts";
import { orderNotReadyable } from "./fulfilment.errors.ts";
import { promiseFrom } from "./start-delivery-clock.ts";

/** The longest note staff leave with "Waiting for buyer". */
export const WAITING_NOTE_MAX = 500;

type Deps = { unitOfWork: UnitOfWork<FulfilmentRepositories>; clock: Clock; delivery: DeliveryPolicy };

/**
 * A trade needs its buyer in the game. Staff say "Waiting for buyer" (with a note): the order then
 * has no deadline (never late, never compensated, out of the at-risk warning: every list of the clock
 * requires one) until its buyer says "I'm ready", which makes the promise again from that moment
 * (from the next staffed period when staff are off). "I'm ready" while nobody waits only tells
 * staff; the deadline stays. Lateness already recorded stays (late is sticky). Each step is on the
 * timeline and an OrderReadinessChanged event, which staff's live updates carry.
 */
export async function markBuyerReady(input: { orderId: string; userId: string }, deps: Deps): Promise<Order> {
  return deps.unitOfWork.run(async (repos) => {
    const order = await repos.orders.byId(input.orderId);
    if (!order || order.userId !== input.userId) throw orderNotFound();
    assertOwed(order);
    if (order.delivery.readiness === "ready") return order;
    const now = deps.clock.now();
    const waiting = order.delivery.readiness === "waiting_for_buyer";
    const dueAt = waiting && !(await repos.holds.isHeld(order.id)) ? (await promiseFrom(repos, order, now, deps.delivery)).dueAt : order.delivery.dueAt;
    await change(repos, order, { to: "ready", at: now, note: null, dueAt, actorId: input.userId });
    const text = waiting ? "You're in the game and ready: our promise starts again now" : "You're in the game and ready";
    await repos.timeline.record({ orderId: order.id, at: now, kind: "ready", text, actorId: input.userId });
    return { ...order, delivery: { ...order.delivery, readiness: "ready", dueAt } };
  });
}

export async function markWaitingForBuyer(input: { orderId: string; note: string; actorId: string }, deps: Omit<Deps, "delivery">): Promise<Order> {
  return deps.unitOfWork.run(async (repos) => {
    const order = await repos.orders.byId(input.orderId);
    if (!order) throw orderNotFound();
    assertOwed(order);
    const now = deps.clock.now();
    const note = input.note.trim().slice(0, WAITING_NOTE_MAX) || null;
    await change(repos, order, { to: "waiting_for_buyer", at: now, note, dueAt: null, actorId: input.actorId });
    const text = `Waiting for you in the game: press "I'm ready" when you are${note ? ` (${note})` : ""}`;
    await repos.timeline.record({ orderId: order.id, at: now, kind: "waiting_for_buyer", text, actorId: input.actorId });
    return { ...order, delivery: { ...order.delivery, readiness: "waiting_for_buyer", dueAt: null } };
  });
}

function assertOwed(order: Order): void {
  if (!awaitingDelivery(order)) throw orderNotReadyable();
}

async function change(
  repos: FulfilmentRepositories,
  order: Order,
  to: { to: Readiness; at: Date; note: string | null; dueAt: Date | null; actorId: string },
): Promise<void> {
  const changed = await repos.orders.changeReadiness(order.id, { from: order.delivery.readiness, to: to.to, at: to.at, note: to.note, dueAt: to.dueAt });
  if (!changed) throw orderChangedMeanwhile();
  await repos.events.append({
    type: "OrderReadinessChanged",
    occurredAt: to.at,
    visitorId: null,
    userId: order.userId,
    payload: { orderId: order.id, readiness: to.to, by: to.actorId },
  });
}
