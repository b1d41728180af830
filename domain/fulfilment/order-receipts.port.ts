import type { Receipt, ReceiptOrder } from "./order-receipt.ts";

/** Receipts of delivered orders, each answer with its timeline line in one transaction. */
export interface OrderReceipts {
  find(orderId: string): Promise<ReceiptOrder | null>;
  /**
   * Records the answer if the order has none yet and is still completed (false otherwise: someone
   * answered first), with its timeline line; for "not_received" the shopper's words open the
   * order's support chat, where staff see the delivery proof and can re-deliver or refund.
   */
  record(input: {
    orderId: string;
    receipt: Exclude<Receipt, "silence">;
    at: Date;
    note: string | null;
    actorId: string;
    timelineText: string;
  }): Promise<boolean>;
  /**
   * Completes up to `limit` delivered orders nobody answered for, delivered before `deliveredBefore`
   * (receipt "silence", with its timeline line), each once whatever runs at the same time; answers
   * their ids.
   */
  closeSilent(input: { deliveredBefore: Date; at: Date; limit: number; timelineText: string }): Promise<string[]>;
}
