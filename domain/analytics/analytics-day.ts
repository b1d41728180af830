/**
 * "Today" and the day buckets of analytics are calendar days in ONE configured time zone
 * (TIME_ZONE, default UTC), written "YYYY-MM-DD". Days are derived from an event's instant when it
 * is folded, and "today" from the clock when a figure is asked for, so a figure never goes stale
 * across midnight.
 */
export type Day = string;

/** True when the runtime knows this IANA time zone ("UTC", "Europe/Berlin", ...). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const dayCache = new Map<string, Day>();
// Every time zone's offset has been a whole multiple of 15 minutes since 1972, so all instants of
// one aligned quarter-hour fall on the same local day: a rebuild of a million events asks Intl
// once per quarter-hour instead of once per event.
const QUARTER_HOUR_MS = 15 * 60 * 1000;

/** The calendar day of an instant in a time zone. */
export function dayOf(instant: Date, timeZone: string): Day {
  if (timeZone === "UTC") return instant.toISOString().slice(0, 10);
  const block = Math.floor(instant.getTime() / QUARTER_HOUR_MS);
  const cacheKey = `${timeZone}|${block}`;
  const cached = dayCache.get(cacheKey);
  if (cached !== undefined) return cached;
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((p) => [p.type, p.value]));
  const day = `${parts["year"]}-${parts["month"]}-${parts["day"]}`;
  if (dayCache.size > 50_000) dayCache.clear();
  dayCache.set(cacheKey, day);
  return day;
}

/** The day `count` calendar days after (or, negative, before) `day`. */
export function addDays(day: Day, count: number): Day {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + count)).toISOString().slice(0, 10);
}
