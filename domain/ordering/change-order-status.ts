import type { Clock } from "../shared/clock.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { amountPaid, decideStatusChange, type Order, type OrderStatus } from "./order.ts";
import { orderStatusMail } from "./order-mail.ts";
import { notEnoughStockToReopen, orderChangedMeanwhile, orderNotFound } from "./ordering.errors.ts";
import type { OrderingRepositories } from "./ordering-unit-of-work.ts";

/**
 * An administrator sets an order's status (see decideStatusChange for the stock rules), with
 * OrderStatusChanged in the same transaction. Setting the status it already has changes nothing and
 * records nothing. Two administrators changing one order at once: the second gets a 409.
 * The shopper's email about it (in delivery, delivered, cancelled) is put in the outbox in the same
 * transaction. Rewards follow in the same transaction, after the conditional status update succeeded (so once
 * per transition): becoming completed credits the purchase points (and the referral), becoming
 * cancelled takes back what the order still holds. The rewards module decides what is owed, so
 * completed → processing → completed credits once, completed → cancelled → completed twice.
 */
export async function changeOrderStatus(
  input: { orderId: string; to: OrderStatus; actorUserId: string; visitorId: string | null },
  deps: { unitOfWork: UnitOfWork<OrderingRepositories>; clock: Clock },
): Promise<Order> {
  const now = deps.clock.now();
  return deps.unitOfWork.run(async ({ orders, stock, events, rewards, mail }) => {
    const order = await orders.byId(input.orderId);
    if (!order) throw orderNotFound();
    const change = decideStatusChange(order, input.to);
    if (!change) return order;
    if (!(await orders.changeStatus(order.id, change.from, change.to, change.stockReturned, now))) throw orderChangedMeanwhile();
    if (change.stock !== "none") await stock.lock(order.items.map((item) => item.productId));
    for (const item of order.items) {
      if (change.stock === "restore") await stock.giveBack(item.productId, item.quantity);
      if (change.stock === "take" && !(await stock.takeIfAvailable(item.productId, item.quantity))) throw notEnoughStockToReopen(item.productName);
    }
    if (change.to === "completed") await rewards.orderCompleted({ userId: order.userId, orderId: order.id, paid: amountPaid(order) });
    if (change.to === "cancelled") await rewards.orderCancelled({ userId: order.userId, orderId: order.id });
    await events.append({
      type: "OrderStatusChanged",
      occurredAt: now,
      visitorId: input.visitorId,
      userId: input.actorUserId,
      payload: { orderId: order.id, from: change.from, to: change.to, total: order.total },
    });
    const news = orderStatusMail(order, change.to);
    if (news) await mail.add(news);
    return { ...order, status: change.to, stockReturned: change.stockReturned };
  });
}
