import { badDeliveryHours } from "./fulfilment.errors.ts";

/**
 * The hours staff deliver: a weekly schedule of periods in one time zone ("08:00" to "22:00" on
 * Mondays...). No period on any day means around the clock. Outside them a paid order's promise
 * counts from the start of the next period. Pure: the time zone maths is Intl's, every "now" an argument.
 */
export const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A period of a day, local wall-clock times "HH:MM"; the end may be "24:00" (midnight after). */
export type StaffedPeriod = [start: string, end: string];

export interface StaffedHours {
  /** An IANA time zone ("UTC", "Europe/Berlin"). */
  timeZone: string;
  days: Partial<Record<Weekday, StaffedPeriod[]>>;
}

export const AROUND_THE_CLOCK: StaffedHours = { timeZone: "UTC", days: {} };

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether Intl knows the time zone. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone }).format(0);
    return true;
  } catch {
    return false;
  }
}

/** The schedule as it is kept: a known time zone, each period start before its end, periods in order and apart. */
export function checkStaffedHours(hours: StaffedHours): StaffedHours {
  if (!isTimeZone(hours.timeZone)) throw badDeliveryHours(`"${hours.timeZone}" is not a time zone: use a name such as UTC or Europe/Berlin`);
  const days: StaffedHours["days"] = {};
  for (const day of WEEKDAYS) {
    const periods = [...(hours.days[day] ?? [])].sort((a, b) => minutesOf(a[0]) - minutesOf(b[0]));
    periods.forEach(([start, end], index) => {
      if (!TIME.test(start) || !TIME.test(end) || start === "24:00") throw badDeliveryHours(`${day}: times are HH:MM from 00:00 to 24:00`);
      if (minutesOf(start) >= minutesOf(end)) throw badDeliveryHours(`${day}: ${start}-${end} must start before it ends`);
      const previous = periods[index - 1];
      if (previous && minutesOf(previous[1]) > minutesOf(start)) throw badDeliveryHours(`${day}: ${previous[0]}-${previous[1]} and ${start}-${end} overlap`);
    });
    if (periods.length > 0) days[day] = periods;
  }
  return { timeZone: hours.timeZone, days };
}

export function isAroundTheClock(hours: StaffedHours): boolean {
  return WEEKDAYS.every((day) => (hours.days[day] ?? []).length === 0);
}

/** The wall clock in the time zone at an instant: its calendar date and minutes since midnight. */
function wallClock(at: Date, timeZone: string): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric" }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part("year"), month: part("month"), day: part("day") };
}

/** Milliseconds the time zone is ahead of UTC at an instant. */
function offsetMs(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return asUtc - Math.floor(at / 1000) * 1000;
}

/**
 * The instant of a local date and time in the zone. A wall time the clocks skip or pass twice (a
 * daylight-saving change, at night) lands within the hour of the change.
 */
function instantOf(year: number, month: number, day: number, minutes: number, timeZone: string): number {
  const local = Date.UTC(year, month - 1, day) + minutes * 60_000;
  const first = local - offsetMs(local, timeZone);
  const second = local - offsetMs(first, timeZone);
  return first === second ? first : Math.min(first, second);
}

/** The staffed periods as instants, from the day before `at` (a period may run past midnight's zone shift) for 8 days. */
function periodsAround(hours: StaffedHours, at: Date): { start: number; end: number }[] {
  const today = wallClock(at, hours.timeZone);
  const periods: { start: number; end: number }[] = [];
  for (let offset = -1; offset <= 8; offset += 1) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    for (const [start, end] of hours.days[WEEKDAYS[date.getUTCDay()]!] ?? []) {
      periods.push({ start: instantOf(y, m, d, minutesOf(start), hours.timeZone), end: instantOf(y, m, d, minutesOf(end), hours.timeZone) });
    }
  }
  return periods.sort((a, b) => a.start - b.start);
}

/** When delivery can start for an order paid at `at`: `at` itself while staffed (or around the clock), else the next period's start. */
export function nextStaffedStart(hours: StaffedHours, at: Date): Date {
  if (isAroundTheClock(hours)) return at;
  const time = at.getTime();
  for (const period of periodsAround(hours, at)) {
    if (period.start <= time && time < period.end) return at;
    if (period.start > time) return new Date(period.start);
  }
  return at;
}

/** The deadline of a promise of `minutes` made at `at`: counted from the next staffed start. */
export function promisedDueAt(hours: StaffedHours, at: Date, minutes: number): Date {
  return new Date(nextStaffedStart(hours, at).getTime() + Math.round(minutes * 60_000));
}

/**
 * What the product page and checkout say outside the staffed hours: "Delivery starts 08:00 UTC, in
 * 9 h" (with the weekday when it is not today in the zone); null while staff deliver.
 */
export function deliveryStartNotice(hours: StaffedHours, now: Date): { startsAt: Date; text: string } | null {
  const startsAt = nextStaffedStart(hours, now);
  if (startsAt.getTime() === now.getTime()) return null;
  const zone = hours.timeZone;
  const time = new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(startsAt);
  const label =
    zone === "UTC"
      ? "UTC"
      : (new Intl.DateTimeFormat("en-GB", { timeZone: zone, timeZoneName: "short" }).formatToParts(startsAt).find((p) => p.type === "timeZoneName")?.value ??
        zone);
  const sameDay = JSON.stringify(wallClock(startsAt, zone)) === JSON.stringify(wallClock(now, zone));
  const weekday = sameDay ? "" : `${new Intl.DateTimeFormat("en-GB", { timeZone: zone, weekday: "short" }).format(startsAt)} `;
  const minutes = Math.ceil((startsAt.getTime() - now.getTime()) / 60_000);
  const wait = minutes < 60 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
  return { startsAt, text: `Delivery starts ${weekday}${time} ${label}, in ${wait}` };
}
