import { offTheClock } from "./delivery.ts";

/** What decides a shopper's cancel: the order's status and payment, and whether delivery started or ended. */
export interface CancellableOrder {
  status: string;
  paymentStatus: string;
  delivered: boolean;
  started: boolean;
}

/**
 * What a shopper's cancel does to an order: cancels it at once while nobody has started it (pending,
 * delivery not started); asks staff once they have (processing, or started); nothing once it is
 * delivered, cancelled or paid back. The dashboard asks it too, to offer the right button.
 */
export function shopperCancel(order: CancellableOrder): "cancel" | "request" | "closed" {
  if (order.status === "cancelled" || order.status === "completed" || order.delivered) return "closed";
  if (offTheClock(order) || order.paymentStatus === "denied") return "closed";
  return order.status === "processing" || order.started ? "request" : "cancel";
}
