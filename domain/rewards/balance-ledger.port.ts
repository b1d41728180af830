import type { AppendResult, BalanceGuard, LedgerEntry } from "./ledger.ts";

/**
 * One ledger (points, or store credit in cents) with the user's balance that mirrors it. Handed out
 * by a unit of work: everything happens in that unit's transaction.
 */
export interface BalanceLedger<Reason extends string = string> {
  /**
   * Records the entry and moves the user's balance by its amount, atomically with the guard's check.
   * Concurrent appends for one user are serialised by the balance update; of two concurrent appends
   * with the same reason and reference exactly one is recorded, the other answers "duplicate".
   * "duplicate" and "refused" change nothing.
   */
  append(entry: LedgerEntry<Reason>, guard?: BalanceGuard): Promise<AppendResult>;
  /** The user's balance (a missing, NULL balance of an old account counts as 0), or null for an unknown user. */
  balanceOf(userId: string): Promise<number | null>;
  /** Entries whose reference starts with `prefix`, with one of these reasons, oldest first. */
  entriesByReferencePrefix(reasons: readonly Reason[], prefix: string): Promise<LedgerEntry<Reason>[]>;
}
