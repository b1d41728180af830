/** Dates as the pages show them, in UTC so every visitor and the server agree on the day. */
const LONG = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const SHORT = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/** "November 21, 2026". */
export function formatLongDate(date: Date | string): string {
  return LONG.format(typeof date === "string" ? new Date(date) : date);
}

/** "Nov 21, 2026". */
export function formatShortDate(date: Date | string): string {
  return SHORT.format(typeof date === "string" ? new Date(date) : date);
}
