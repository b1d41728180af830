import type { Cents } from "../shared/money.ts";

/**
 * Chargeback memory (issue 37): a dispute or reversal on an order is remembered, and the account
 * that placed it is frozen (its store credit and points on hold) until staff clear it.
 */
export type ChargebackKind = "dispute" | "reversal";

/** A dispute or reversal on one order; a dispute's outcome is what the provider said when it ended. */
export interface Chargeback {
  orderId: string;
  kind: ChargebackKind;
  userId: string;
  at: Date;
  /** The money at stake: a reversal's amount taken back; a dispute's, what the payment kept then. */
  amount: Cents;
  outcome: string | null;
  resolvedAt: Date | null;
}

/** An account's freeze: in force while `clearedAt` is null. */
export interface AccountFreeze {
  userId: string;
  frozenAt: Date;
  /** The order whose chargeback froze it (the latest one). */
  orderId: string;
  clearedAt: Date | null;
  clearedBy: string | null;
  clearNote: string | null;
}

export const isFrozen = (freeze: AccountFreeze | null): boolean => freeze !== null && freeze.clearedAt === null;

/** How a chargeback stands for the shop: still open, won (the money stayed), lost, or ended otherwise. */
export type ChargebackResult = "open" | "won" | "lost" | "resolved";

/** The dispute outcomes the shop won and lost (compared upper case). */
// PayPal's outcome codes, and Stripe's closed dispute statuses (won, lost, warning_closed: an inquiry that never became a chargeback).
const WON = new Set(["RESOLVED_SELLER_FAVOUR", "CANCELED_BY_BUYER", "DENIED", "WON", "WARNING_CLOSED"]);
const LOST = new Set(["RESOLVED_BUYER_FAVOUR", "RESOLVED_WITH_PAYOUT", "ACCEPTED", "LOST"]);

/** A reversal is lost at once (the provider took the money); a dispute by its outcome. */
export function chargebackResult(c: Pick<Chargeback, "kind" | "outcome" | "resolvedAt">): ChargebackResult {
  if (c.kind === "reversal") return "lost";
  if (c.outcome === null && c.resolvedAt === null) return "open";
  const code = (c.outcome ?? "").trim().toUpperCase();
  if (WON.has(code)) return "won";
  if (LOST.has(code)) return "lost";
  return "resolved";
}

export interface ChargebackMonth {
  /** "YYYY-MM", UTC. */
  month: string;
  disputes: number;
  reversals: number;
  won: number;
  lost: number;
  open: number;
  /** Money the provider took back: each reversal, and each lost dispute of an order with no reversal (never counted twice). */
  lostCents: Cents;
}

/** The per-month figures of the Risk view, newest month first, from the chargebacks of those months. */
export function chargebackMonths(chargebacks: readonly Chargeback[]): ChargebackMonth[] {
  const reversed = new Set(chargebacks.filter((c) => c.kind === "reversal").map((c) => c.orderId));
  const months = new Map<string, ChargebackMonth>();
  for (const c of chargebacks) {
    const month = c.at.toISOString().slice(0, 7);
    const row = months.get(month) ?? { month, disputes: 0, reversals: 0, won: 0, lost: 0, open: 0, lostCents: 0 };
    if (c.kind === "dispute") row.disputes += 1;
    else row.reversals += 1;
    const result = chargebackResult(c);
    if (result === "won") row.won += 1;
    if (result === "lost") row.lost += 1;
    if (result === "open") row.open += 1;
    if (c.kind === "reversal" || (result === "lost" && !reversed.has(c.orderId))) row.lostCents += c.amount;
    months.set(month, row);
  }
  return [...months.values()].sort((a, b) => (a.month < b.month ? 1 : -1));
}
