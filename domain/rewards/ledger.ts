/**
 * Points and store credit are money: each is an append-only ledger of entries, and the balance on
 * the user is always the sum of that user's entries (kept so in the same transaction as the entry).
 * An entry's (reason, reference) pair is unique in its ledger, so nothing is granted twice: a
 * second grant for the same order, submission or milestone is refused by the database itself.
 */
export type PointsReason = "purchase" | "purchase_reversal" | "review_approved" | "referral_bonus" | "redemption" | "opening_balance" | "late_delivery";

export type StoreCreditReason = "redemption" | "admin_add" | "admin_set" | "order_payment" | "order_refund" | "opening_balance";

export interface LedgerEntry<Reason extends string = string> {
  id: string;
  userId: string;
  /** Points, or cents of store credit; positive credits, negative debits, never zero. */
  amount: number;
  reason: Reason;
  /** What the entry is for: an order, a submission, a redemption, a referral milestone. */
  reference: string;
  /** Who caused it: the shopper (redeeming), an administrator, or null for the store itself. */
  actorId: string | null;
  createdAt: Date;
}

/**
 * Conditions on the balance that must hold for an entry to be recorded, checked atomically with
 * the balance change (a conditional update), so concurrent entries cannot overdraw or overshoot.
 */
export interface BalanceGuard {
  /** The balance after the entry must be at least this (e.g. 0: no overdraft). */
  min?: number;
  /** The balance after the entry must be at most this. */
  max?: number;
  /** The balance before the entry must be exactly this (compare-and-set for "set to"). */
  before?: number;
}

/**
 * - recorded: the entry is stored and the balance moved by its amount;
 * - duplicate: an entry with this reason and reference exists (whatever the guard would say);
 *   nothing changed;
 * - refused: the guard failed or the user does not exist; nothing changed.
 */
export type AppendResult = "recorded" | "duplicate" | "refused";

/** What the dashboard shows for each reason. */
export const POINTS_REASON_LABELS: Record<PointsReason, string> = {
  purchase: "Points for a completed order",
  purchase_reversal: "Order cancelled or refunded: purchase points taken back",
  review_approved: "Review screenshot approved",
  referral_bonus: "Referral bonus",
  redemption: "Redeemed for store credit",
  opening_balance: "Opening balance",
  late_delivery: "Late delivery: compensation",
};

export const STORE_CREDIT_REASON_LABELS: Record<StoreCreditReason, string> = {
  redemption: "Points redeemed",
  admin_add: "Added by the store",
  admin_set: "Set by the store",
  order_payment: "Used at checkout",
  order_refund: "Refunded for an order",
  opening_balance: "Opening balance",
};
