import type { LedgerEntry, PointsReason } from "./ledger.ts";

export type PurchaseReason = Extract<PointsReason, "purchase" | "purchase_reversal">;
export const PURCHASE_REASONS: readonly PurchaseReason[] = ["purchase", "purchase_reversal"];

/** The ledger references of one order's purchase entries are "<orderId>#<n>", n counting from 1. */
export function purchaseReferencePrefix(orderId: string): string {
  return `${orderId}#`;
}

export type PurchasePointsDecision = { kind: "none" } | { kind: "append"; reason: PurchaseReason; amount: number; reference: string };

/**
 * Purchase points follow the order's status: held while it is completed, none otherwise. `entries`
 * are the order's purchase and reversal entries so far; what they sum to is what the shopper holds
 * for it. Each new entry gets the next reference "<orderId>#<n+1>", so an order that is completed,
 * cancelled and completed again is credited again, while two concurrent calls for the same step
 * compute the same reference and the ledger's unique (reason, reference) keeps only one.
 */
export function decideOnCompletion(orderId: string, entries: readonly LedgerEntry[], points: number): PurchasePointsDecision {
  const held = entries.reduce((sum, e) => sum + e.amount, 0);
  if (held > 0 || points <= 0) return { kind: "none" };
  return { kind: "append", reason: "purchase", amount: points, reference: `${purchaseReferencePrefix(orderId)}${entries.length + 1}` };
}

/** A cancelled order gives back exactly what it still holds (the rate in force when it was credited). */
export function decideOnCancellation(orderId: string, entries: readonly LedgerEntry[]): PurchasePointsDecision {
  const held = entries.reduce((sum, e) => sum + e.amount, 0);
  if (held <= 0) return { kind: "none" };
  return { kind: "append", reason: "purchase_reversal", amount: -held, reference: `${purchaseReferencePrefix(orderId)}${entries.length + 1}` };
}

/**
 * A refund (or a reversal) brings what the order holds down to `points`, what the money paid net of
 * refunds earns; an order that holds nothing (not completed) or no more than that is left alone.
 */
export function decideOnRefund(orderId: string, entries: readonly LedgerEntry[], points: number): PurchasePointsDecision {
  const held = entries.reduce((sum, e) => sum + e.amount, 0);
  const target = Math.max(0, points);
  if (held <= target) return { kind: "none" };
  return { kind: "append", reason: "purchase_reversal", amount: target - held, reference: `${purchaseReferencePrefix(orderId)}${entries.length + 1}` };
}
