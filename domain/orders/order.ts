import type { AcknowledgedRequirement, DeliveryRecipient } from "../roblox/delivery-recipient.ts";
import type { Cents } from "../shared/money.ts";
import type { OrderTotals } from "./order-totals.ts";
import type { DeliveryClock } from "./delivery-clock.ts";
import type { GamePassChoice } from "../roblox/game-pass.ts";

/** The statuses an administrator can pick (admin-panel.md section 4). */
export const ORDER_STATUSES = ["pending", "processing", "completed", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The payment's own status beside the order's; how it moves is the payments module's
 * transitions table (domain/payments/payment-state.ts):
 * - awaiting: the provider holds the payment for review (a PENDING capture); nothing is delivered yet;
 * - paid: the money is in; partially_refunded / refunded: some or all of the order's total went back
 *   (to the payment or as store credit);
 * - reversed: the provider took the money back (a chargeback or reversal);
 * - denied: the provider refused a payment that was awaiting review; the order was cancelled.
 */
export const PAYMENT_STATUSES = ["awaiting", "paid", "partially_refunded", "refunded", "reversed", "denied"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const DISPUTE_STATUSES = ["open", "resolved"] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export interface OrderItem {
  id: string;
  productId: string;
  /** Copies as paid: later product edits or deletions do not change a past order. */
  productName: string;
  gameId: string;
  unitPrice: Cents;
  quantity: number;
}

export interface Order extends OrderTotals {
  id: string;
  userId: string;
  status: OrderStatus;
  robloxUsername: string;
  /** The Roblox account checked at checkout, as it was when paid (or "not checked"). */
  recipient: DeliveryRecipient;
  /** The requirements the shopper ticked before paying, as their text read then. */
  acknowledgedRequirements: AcknowledgedRequirement[];
  /** The buyer's gamepass its Robux are paid out through, as checked at checkout (null or absent: no Robux product). */
  gamePass?: GamePassChoice | null;
  /** When the Robux should appear in the buyer's account: staff bought the pass, plus Roblox's pending days (null until then). */
  robuxDueAt?: Date | null;
  email: string;
  items: OrderItem[];
  /** The payment provider's name, or "store_credit" for an order store credit paid in full. */
  paymentProvider: string;
  /** The payment provider's order id (for store credit alone, "store-credit-<checkout id>"); one order per payment. */
  paymentId: string;
  captureId: string | null;
  checkoutId: string;
  /** True while a cancelled order's units are back in stock. */
  stockReturned: boolean;
  createdAt: Date;
  /** The payment's own status (PAYMENT_STATUSES). */
  paymentStatus: PaymentStatus;
  /** Refunded so far, to the payment and as store credit; and the part of it that went to the payment. */
  refunded: Cents;
  refundedToPayment: Cents;
  dispute: DisputeStatus | null;
  /** The delivery promise (domain/fulfilment/delivery.ts); all null until the payment is complete. */
  delivery: DeliveryClock;
}

/** What the shopper paid with money (not store credit): what purchase points are earned on. */
export function amountPaid(order: Pick<Order, "total" | "creditApplied">): Cents {
  return Math.max(0, order.total - order.creditApplied);
}

/**
 * What purchase points are earned on once refunds are counted: the money paid, less the same share
 * of it as the share of the total refunded (a half-refunded order earns half). A reversed or denied
 * payment earns nothing.
 */
export function amountPaidNetOfRefunds(order: Pick<Order, "total" | "creditApplied" | "refunded" | "paymentStatus">): Cents {
  if (order.paymentStatus === "reversed" || order.paymentStatus === "denied") return 0;
  const paid = amountPaid(order);
  if (order.total <= 0) return paid;
  return Math.max(0, Math.floor((paid * Math.max(0, order.total - order.refunded)) / order.total));
}

export function itemCount(order: Pick<Order, "items">): number {
  return order.items.reduce((sum, item) => sum + item.quantity, 0);
}

export interface StatusChange {
  from: OrderStatus;
  to: OrderStatus;
  /** "restore": put the units back; "take": take them again (may fail when sold meanwhile). */
  stock: "restore" | "take" | "none";
  stockReturned: boolean;
}

/**
 * Any status may become any other (admin-panel.md section 4); null when nothing changes. Stock:
 * cancelling a pending or processing order puts its units back (nothing was delivered); cancelling
 * a completed one does not (the items were delivered; that is a refund matter); reopening a
 * cancelled order whose units went back takes them again.
 */
export function decideStatusChange(order: Pick<Order, "status" | "stockReturned">, to: OrderStatus): StatusChange | null {
  const from = order.status;
  if (from === to) return null;
  if (to === "cancelled") {
    const restore = from === "pending" || from === "processing";
    return { from, to, stock: restore ? "restore" : "none", stockReturned: restore };
  }
  if (from === "cancelled" && order.stockReturned) return { from, to, stock: "take", stockReturned: false };
  return { from, to, stock: "none", stockReturned: order.stockReturned };
}
