import type { Clock } from "../shared/clock.port.ts";
import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";
import { RECEIPT_NOTE_MAX, RECEIPT_TIMELINE, receiptOpen } from "./order-receipt.ts";
import type { OrderReceipts } from "./order-receipts.port.ts";
import { orderNotFound } from "../orders/orders.errors.ts";

const closed = () =>
  new DomainError(
    "conflict",
    ErrorCode.receiptClosed,
    "This order can no longer be confirmed: it is not delivered, was answered already, or its time ran out.",
  );

/**
 * The shopper answers "I got it" (the order is complete at once) or "I didn't get it" (a support
 * case on the order's chat, with their words). Only the order's owner (another's order is a 404,
 * as if it did not exist), only a delivered order, once, within the window (409 otherwise).
 */
export async function confirmReceipt(
  input: { orderId: string; userId: string; received: boolean; note?: string | null | undefined },
  deps: { receipts: OrderReceipts; clock: Clock; windowHours: number },
): Promise<{ receipt: "received" | "not_received" }> {
  const order = await deps.receipts.find(input.orderId);
  if (!order || order.userId !== input.userId) throw orderNotFound();
  const now = deps.clock.now();
  if (!receiptOpen(order, now, deps.windowHours)) throw closed();
  const note = input.note?.trim().slice(0, RECEIPT_NOTE_MAX) || null;
  const receipt = input.received ? "received" : "not_received";
  const recorded = await deps.receipts.record({ orderId: order.id, receipt, at: now, note, actorId: input.userId, timelineText: RECEIPT_TIMELINE[receipt] });
  if (!recorded) throw closed();
  return { receipt };
}

/** Orders completed by silence per run at most: the job's bounded batch (the next run takes the rest). */
export const RECEIPT_BATCH = 100;

/** The job: every delivered order whose window closed without an answer is complete (receipt "silence"). */
export async function closeReceiptWindows(deps: { receipts: OrderReceipts; clock: Clock; windowHours: number }): Promise<string[]> {
  const now = deps.clock.now();
  return deps.receipts.closeSilent({
    deliveredBefore: new Date(now.getTime() - deps.windowHours * 3_600_000),
    at: now,
    limit: RECEIPT_BATCH,
    timelineText: RECEIPT_TIMELINE.silence,
  });
}

export function createReceiptModule(deps: { receipts: OrderReceipts; clock: Clock; windowHours: number }) {
  return {
    confirmReceipt: (input: { orderId: string; userId: string; received: boolean; note?: string | null | undefined }) => confirmReceipt(input, deps),
    closeReceiptWindows: () => closeReceiptWindows(deps),
  };
}

export type ReceiptModule = ReturnType<typeof createReceiptModule>;
