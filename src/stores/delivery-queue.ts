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
  /** The server's time of the answer (countdowns follow it). */
  now: string;
  slaMinutes: number;
}

/**
 * The Delivery queue, shared by the Orders tab's count and its queue view: null until loaded,
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
