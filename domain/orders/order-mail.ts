import type { Mail } from "../mail/mail.ts";
import { amountPaid, type Order, type OrderStatus } from "./order.ts";

/** The receipt emailed when an order is placed: what was bought, what it cost and how it was paid. */
export function orderConfirmationMail(order: Order): Mail {
  return {
    template: "order_confirmation",
    to: order.email,
    data: {
      orderId: order.id,
      robloxUsername: order.robloxUsername,
      items: order.items.map((item) => ({ name: item.productName, quantity: item.quantity, unitPrice: item.unitPrice })),
      subtotal: order.subtotal,
      discount: order.discount,
      discountCode: order.discountCode,
      storeCredit: order.creditApplied,
      paid: amountPaid(order),
      total: order.total,
      paymentProvider: order.paymentProvider,
      paymentReference: order.captureId ?? order.paymentId,
      placedAt: order.createdAt.toISOString(),
    },
  };
}

/**
 * The email telling the shopper that an administrator moved the order on: in delivery
 * (processing), delivered (completed) or cancelled. Back to pending tells nothing: that is the
 * store correcting itself, not news for the shopper.
 */
export function orderStatusMail(order: Order, to: OrderStatus): Mail | null {
  if (to === "pending") return null;
  return { template: "order_status", to: order.email, data: { orderId: order.id, robloxUsername: order.robloxUsername, status: to, total: order.total } };
}
