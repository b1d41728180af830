import type { Cents } from "../shared/money.ts";
import { minorMonthlyLimitReached } from "./checkout.errors.ts";

/** The owner's limit on what an account under 18 spends a month, and what it spent this month so far. */
export interface MinorMonthlyAllowance {
  limit: Cents;
  spent: Cents;
}

/** The first instant of `now`'s calendar month, UTC: the limit counts from there. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** What is left of the month's limit: never below zero. */
export function remainingThisMonth(allowance: MinorMonthlyAllowance): Cents {
  return Math.max(0, allowance.limit - allowance.spent);
}

/**
 * An account under 18 may order up to the owner's monthly limit (the orders' totals of the calendar
 * month, this one included); a checkout over it is refused with what is left.
 */
export function checkMinorMonthlyLimit(allowance: MinorMonthlyAllowance | null, total: Cents): void {
  if (!allowance) return;
  if (allowance.spent + total > allowance.limit) throw minorMonthlyLimitReached(remainingThisMonth(allowance));
}
