/**
 * The announcement banner's countdown (spec: 24 hours, ticking every second, restarting at zero),
 * as pure functions of the stored end time and "now", so the rules are testable without a browser.
 */
export const COUNTDOWN_DURATION_MS = 86_400_000;
export const COUNTDOWN_TICK_MS = 1000;

/**
 * The end time to count down to: the stored millisecond timestamp while it is in the future,
 * otherwise (missing, unreadable, now or past) a new one 24 hours from now. `renewed` says whether
 * it must be stored.
 */
export function resolveEndTime(stored: string | null, now: number): { endTime: number; renewed: boolean } {
  const value = stored === null || stored.trim() === "" ? Number.NaN : Number(stored);
  if (Number.isFinite(value) && value > now) return { endTime: value, renewed: false };
  return { endTime: now + COUNTDOWN_DURATION_MS, renewed: true };
}

/** Remaining time as HH:MM:SS with two digits each; partial seconds count as a whole one, never below zero. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return [hours, minutes, seconds].map((n) => String(n).padStart(2, "0")).join(":");
}

/** One tick: the text to show and the end time, renewed for another 24 hours once zero is reached. */
export function tick(endTime: number, now: number): { endTime: number; renewed: boolean; text: string } {
  if (endTime - now <= 0) {
    const renewedEnd = now + COUNTDOWN_DURATION_MS;
    return { endTime: renewedEnd, renewed: true, text: formatRemaining(renewedEnd - now) };
  }
  return { endTime, renewed: false, text: formatRemaining(endTime - now) };
}
