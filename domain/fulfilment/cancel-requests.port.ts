/** Where a shopper wants the money of a cancelled order: back to the payment, or as store credit at once. */
export type RefundTo = "payment" | "credit";

export interface CancelRequest {
  orderId: string;
  userId: string;
  refundTo: RefundTo;
  status: "open" | "granted" | "refused";
  requestedAt: Date;
}

/** Shoppers' requests to cancel orders staff have started: one per order. */
export interface CancelRequests {
  /** Records an open request unless the order has one (open or answered); answers the order's request. */
  open(request: Omit<CancelRequest, "status">): Promise<CancelRequest>;
  of(orderId: string): Promise<CancelRequest | null>;
  /** Answers the request only while it is open (a conditional update); false when someone answered first. */
  decide(orderId: string, decision: { status: "granted" | "refused"; at: Date; by: string; note: string | null }): Promise<boolean>;
  /**
   * The next open request made at or before `before`, oldest first, locked for this transaction
   * (rows others hold are skipped: PostgreSQL's FOR UPDATE SKIP LOCKED); null when none.
   */
  claimOverdue(before: Date, except: readonly string[]): Promise<CancelRequest | null>;
}
