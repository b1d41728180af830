import type { Cents } from "../shared/money.ts";

/** What the monthly limit of accounts under 18 needs from storage: the owner's limit and an account's month so far. */
export interface MinorSpending {
  /** The owner's limit (Settings, "Accounts under 18"), or null: no limit. */
  monthlyLimit(): Promise<Cents | null>;
  /** The totals of the account's orders placed since `since`, cancelled ones aside. */
  spentSince(userId: string, since: Date): Promise<Cents>;
}
