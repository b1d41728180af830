/**
 * The announcement bar's sale countdown (issue 36): it counts down to the sale's real end, the same
 * moment for every visitor, and the sale disappears after it; nothing restarts. Pure functions of
 * the sale's times and "now", so the rules are testable without a browser.
 */
export const COUNTDOWN_TICK_MS = 1000;

export type SalePhase = "upcoming" | "running" | "over";

/** Where a sale stands at `now`: from its start (inclusive) to its end (exclusive) it runs. */
export function salePhase(startsAt: number, endsAt: number, now: number): SalePhase {
  if (now < startsAt) return "upcoming";
  return now < endsAt ? "running" : "over";
}

/** Remaining time as HH:MM:SS (hours may pass 99 for a long sale); partial seconds count whole, never below zero. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return [hours, minutes, seconds].map((n) => String(n).padStart(2, "0")).join(":");
}

/** "Up to 30% off": the largest discount actually on sale, or nothing to say. */
export function upToText(maxDiscountPercent: number | null): string | null {
  return maxDiscountPercent !== null && maxDiscountPercent > 0 ? `Up to ${maxDiscountPercent}% off` : null;
}
