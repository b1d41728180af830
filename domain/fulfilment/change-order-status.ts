import type { Clock } from "../shared/clock.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import { paymentNotYetComplete } from "../payments/payments.errors.ts";
import { clockOnStatusChange, deliveryMinutes, isLate } from "./delivery.ts";
import { amountPaidNetOfRefunds, decideStatusChange, type Order, type OrderStatus } from "../orders/order.ts";
import type { TimelineEntry } from "../orders/order-timeline.port.ts";
import { giveBackSpentStoreCredit } from "../payments/refund.ts";
import { orderStatusMail } from "../orders/order-mail.ts";
import type { FulfilmentRepositories } from "./fulfilment-repositories.port.ts";
import { paymentAllowsOrderStatus } from "../payments/payment-state.ts";
import { notEnoughStockToReopen, orderHeldForReview } from "./fulfilment.errors.ts";
import { orderChangedMeanwhile, orderNotFound } from "../orders/orders.errors.ts";
import { moveOnHolders } from "./holder-moves.ts";
import { DEFAULT_ROBLOX_PENDING_DAYS, robuxDeliveredText, robuxDueAt } from "./robux-payout.ts";

/**
 * An administrator sets an order's status (see decideStatusChange for the stock rules), with
 * OrderStatusChanged in the same transaction. Setting the status it already has changes nothing and
 * records nothing. Two administrators changing one order at once: the second gets a 409.
 * The shopper's email about it (in delivery, delivered, cancelled) is put in the outbox in the same
 * transaction. Rewards follow in the same transaction, after the conditional status update succeeded (so once
 * per transition): becoming completed credits the purchase points (and the referral), becoming
 * cancelled takes back what the order still holds. The rewards module decides what is owed, so
 * completed → processing → completed credits once, completed → cancelled → completed twice.
 * Points are earned on the money paid net of refunds. An order whose payment is still being reviewed
 * cannot be processed or completed (nothing is delivered before the money is in: 409). Cancelling
 * gives back the store credit spent on the order, once (a refund to store credit; money paid goes
 * back only through a refund the administrator decides).
 * The delivery clock moves with the status (see clockOnStatusChange: processing starts delivery
 * and records who took it, completed delivers, with or without proof) and the timeline says so.
 */
export async function changeOrderStatus(
  input: { orderId: string; to: OrderStatus; actorUserId: string; visitorId: string | null },
  deps: { unitOfWork: UnitOfWork<FulfilmentRepositories>; clock: Clock; ids: IdGenerator; robloxPendingDays?: number },
): Promise<Order> {
  return deps.unitOfWork.run((repos) => applyStatusChange(repos, input, deps));
}

/** changeOrderStatus inside the caller's transaction (a risk rejection cancels in its own, issue 37). */
export async function applyStatusChange(
  repos: FulfilmentRepositories,
  input: { orderId: string; to: OrderStatus; actorUserId: string; visitorId: string | null },
  deps: { clock: Clock; ids: IdGenerator; robloxPendingDays?: number },
): Promise<Order> {
  const now = deps.clock.now();
  const { orders, stock, events, rewards, timeline, mail } = repos;
  const order = await orders.byId(input.orderId);
  if (!order) throw orderNotFound();
  const change = decideStatusChange(order, input.to);
  if (!change) return order;
  if (!paymentAllowsOrderStatus(order.paymentStatus, change.to)) throw paymentNotYetComplete();
  // Nothing is delivered before staff approve an order held for a payment check (issue 37).
  if ((change.to === "processing" || change.to === "completed") && (await repos.holds.isHeld(order.id))) throw orderHeldForReview();
  const delivery = clockOnStatusChange(order, change.to, now, input.actorUserId);
  if (!(await orders.changeStatus(order.id, change.from, change.to, change.stockReturned, now, delivery))) throw orderChangedMeanwhile();
  let entry = timelineEntryOf(change.from, change.to, delivery.startedAt !== order.delivery.startedAt && change.to === "processing");
  // A gamepass order's Robux appear after Roblox's pending days: the timeline says when, and the
  // receipt question waits for it; reopened, the date no longer holds.
  let robuxDue: Date | null = order.robuxDueAt ?? null;
  if (order.gamePass && change.to === "completed") {
    const days = deps.robloxPendingDays ?? DEFAULT_ROBLOX_PENDING_DAYS;
    robuxDue = robuxDueAt(now, days);
    entry = { kind: "delivered", text: robuxDeliveredText(robuxDue, days) };
  } else if (change.from === "completed") robuxDue = null;
  if (robuxDue !== (order.robuxDueAt ?? null)) await orders.setRobuxDueAt(order.id, robuxDue);
  if (entry) await timeline.record({ orderId: order.id, at: now, actorId: input.actorUserId, ...entry });
  if (change.stock !== "none") await stock.lock(order.items.map((item) => item.productId));
  for (const item of order.items) {
    if (change.stock === "restore") await stock.giveBack(item.productId, item.quantity);
    if (change.stock === "take" && !(await stock.takeIfAvailable(item.productId, item.quantity))) throw notEnoughStockToReopen(item.productName);
  }
  await moveOnHolders(repos.holders, order, { stock: change.stock, to: change.to, at: now }, deps.ids);
  if (change.to === "completed") await rewards.orderCompleted({ userId: order.userId, orderId: order.id, paid: amountPaidNetOfRefunds(order) });
  if (change.to === "cancelled") {
    await rewards.orderCancelled({ userId: order.userId, orderId: order.id });
    await giveBackSpentStoreCredit(repos, order, input.actorUserId, "Order cancelled: store credit given back", deps);
  }
  await events.append({
    type: "OrderStatusChanged",
    occurredAt: now,
    visitorId: input.visitorId,
    userId: input.actorUserId,
    payload: { orderId: order.id, from: change.from, to: change.to, total: order.total },
  });
  if (change.to === "completed" && delivery.paidAt && delivery.dueAt) {
    await events.append({
      type: "OrderDelivered",
      occurredAt: now,
      visitorId: input.visitorId,
      userId: input.actorUserId,
      payload: {
        orderId: order.id,
        paidAt: delivery.paidAt.toISOString(),
        dueAt: delivery.dueAt.toISOString(),
        minutes: deliveryMinutes(delivery) ?? 0,
        late: isLate({ status: change.to, paymentStatus: order.paymentStatus, delivery }, now),
        productIds: [...new Set(order.items.map((item) => item.productId))],
        gameIds: [...new Set(order.items.map((item) => item.gameId))],
      },
    });
  }
  const news = orderStatusMail(order, change.to);
  if (news) await mail.add(news, order.userId);
  return { ...order, status: change.to, stockReturned: change.stockReturned, delivery, robuxDueAt: robuxDue };
}

/** What the shopper's timeline says about a status change (null: nothing worth telling). */
function timelineEntryOf(from: OrderStatus, to: OrderStatus, deliveryStarted: boolean): Pick<TimelineEntry, "kind" | "text"> | null {
  if (to === "completed") return { kind: "delivered", text: "Delivered" };
  if (to === "cancelled") return { kind: "cancelled", text: "Order cancelled" };
  if (deliveryStarted) return { kind: "delivery_started", text: "Delivery started" };
  if (from === "completed" || from === "cancelled") return { kind: "reopened", text: "Order reopened" };
  return null;
}
