/** A visitor is "live" while their last page view is at most this old (admin-panel.md section 9). */
export const LIVE_VISITOR_WINDOW_MS = 5 * 60 * 1000;

/** The new customers panel covers accounts created at most this long ago (admin-panel.md section 9). */
export const NEW_CUSTOMER_WINDOW_MS = 24 * 60 * 60 * 1000;

/** ordersByDay and revenueByDay look at the last 30 days, today included... */
export const DAILY_WINDOW_DAYS = 30;

/** ...and show the 10 most recent of those days that had orders. */
export const DAILY_LIST_LENGTH = 10;

/** The instant `ms` milliseconds before `now`, as the ISO text the read models store. */
export function since(now: Date, ms: number): string {
  return new Date(now.getTime() - ms).toISOString();
}
