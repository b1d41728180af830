import type { OrderView } from "#read-models/shopping/shopping.views.ts";
import { api } from "../../lib/api-client.ts";
import { usePolling } from "../../lib/use-polling.ts";
import { POLL_INTERVAL_MS } from "./checkout-figures.ts";

/** An order placed while the provider reviews its payment, and what became of the payment. */
export interface ReviewedOrder {
  orderId: string;
  paymentStatus: string;
}

/**
 * While the payment is reviewed, follows the order every POLL_INTERVAL_MS until the provider
 * completes or denies it; `onSettled` gets the order's new payment status.
 */
export function usePaymentReview(order: ReviewedOrder | null, onSettled: (order: ReviewedOrder) => void): void {
  async function follow() {
    if (!order) return;
    const orders = await api.get<OrderView[]>("/api/orders");
    const now = orders.find((o) => o.id === order.orderId);
    if (now && now.paymentStatus !== "awaiting") onSettled({ orderId: now.id, paymentStatus: now.paymentStatus });
  }
  usePolling(follow, POLL_INTERVAL_MS, order?.paymentStatus === "awaiting");
}
