/**
 * The date of birth the test helpers sign accounts up with (issue 52): an adult's, so a helper's
 * shopper can pay. A test of the age rules gives its own (`birthDateAged`).
 */
export const ADULT_BIRTH_DATE = "1990-01-01";

/** The birth date of someone `years` old today (their birthday a month ago), in YYYY-MM-DD. */
export function birthDateAged(years: number, now = new Date()): string {
  const date = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  date.setUTCMonth(date.getUTCMonth() - 1);
  return date.toISOString().slice(0, 10);
}
