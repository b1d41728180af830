import type { Cents } from "../shared/money.ts";

/** storefront.md section 9: 5000 points = $1.00 of store credit, converted in whole multiples. */
export const POINTS_PER_CREDIT_DOLLAR = 5000;
/** storefront.md section 9: an approved review screenshot earns 300 points. */
export const REVIEW_APPROVAL_POINTS = 300;
/** The default purchase reward (issue 7); the store's is config POINTS_PER_DOLLAR. */
export const DEFAULT_POINTS_PER_DOLLAR = 100;

/** Store credit bought by `points` points: 5000 points are 100 cents, so one cent per 50 points. */
export function creditForPoints(points: number): Cents {
  return Math.floor((points * 100) / POINTS_PER_CREDIT_DOLLAR);
}

/** Whether `points` can be redeemed: a positive whole multiple of 5000. */
export function isRedeemableAmount(points: number): boolean {
  return Number.isSafeInteger(points) && points > 0 && points % POINTS_PER_CREDIT_DOLLAR === 0;
}

/** The largest amount of a balance that can be redeemed now (0 for a balance under 5000 or below zero). */
export function redeemablePoints(balance: number): number {
  return balance <= 0 ? 0 : Math.floor(balance / POINTS_PER_CREDIT_DOLLAR) * POINTS_PER_CREDIT_DOLLAR;
}

/**
 * Points earned by paying `paid` cents at `pointsPerDollar` points per dollar, rounded down to a
 * whole point: $12.99 at 100 points per dollar earns 1299 points. Integer arithmetic, no drift.
 */
export function purchasePoints(paid: Cents, pointsPerDollar: number): number {
  if (paid <= 0 || pointsPerDollar <= 0) return 0;
  return Math.floor((paid * pointsPerDollar) / 100);
}
