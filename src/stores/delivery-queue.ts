import { atom } from "nanostores";
import type { QueuedOrderView } from "#read-models/shopping/delivery-queue.queries.ts";
import { api } from "../lib/api-client.ts";

/** GET /api/admin/delivery-queue. */
export interface DeliveryQueueView {
  orders: QueuedOrderView[];
  count: number;
  overdue: number;
  /** Not started and at most 5 minutes from the deadline. */
  atRisk: number;
  /** Paid orders held for a payment check, waiting in the Risk queue (not in `count`). */
  held: number;
  /** Of `count`, the orders waiting for their buyer in the game (no deadline until they're ready). */
  waiting: number;
  /** The server's time of the answer (countdowns follow it). */
  now: string;
  slaMinutes: number;
}

/**
 * The Delivery queue, shared by the Orders tab's count, the Risk queue's count and the queue view: null until loaded,
 * "error" when the last load failed (the count then hides, the view says so).
 */
export const $deliveryQueue = atom<DeliveryQueueView | null | "error">(null);

/** Loads the queue again (after a delivery, and every QUEUE_POLL_MS while the panel is open). */
export async function refreshDeliveryQueue(): Promise<void> {
  try {
    $deliveryQueue.set(await api.get<DeliveryQueueView>("/api/admin/delivery-queue"));
  } catch (error) {
    console.error("the delivery queue failed to load", error);
    if ($deliveryQueue.get() === null) $deliveryQueue.set("error");
  }
}

export const QUEUE_POLL_MS = 15_000;

/**
 * The Orders tab's badge (issue 47): every paid order waiting for staff, to deliver or held for a
 * payment check, with the words a screen reader says; urgent (amber) when one is overdue, due within
 * 5 minutes and not started, or held.
 */
export function ordersBadge(queue: Pick<DeliveryQueueView, "count" | "overdue" | "atRisk" | "held">): { total: number; said: string; urgent: boolean } {
  const parts = [`${queue.count} to deliver`];
  if (queue.overdue > 0) parts.push(`${queue.overdue} overdue`);
  if (queue.atRisk > 0) parts.push(`${queue.atRisk} not started and due within 5 minutes`);
  if (queue.held > 0) parts.push(`${queue.held} held for review`);
  return { total: queue.count + queue.held, said: parts.join(", "), urgent: queue.overdue + queue.atRisk + queue.held > 0 };
}
