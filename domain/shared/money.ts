/**
 * Money is an integer number of US cents inside the store; the API and the pages speak the spec's
 * decimal strings with two decimals ("12.99"). Keeping cents as integers means totals never drift.
 */
export type Cents = number;

const DECIMAL = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/** Parses "12.99", "12.9" or "12" into cents; returns null for anything else (negative, 3 decimals, text). */
export function centsFromDecimal(value: string): Cents | null {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  return whole * 100 + fraction;
}

/** Formats cents as the spec's decimal string with exactly two decimals: 1299 -> "12.99". */
export function formatCents(cents: Cents): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** The percentage a price is below its original price, rounded down; 0 when there is no discount. */
export function percentOff(price: Cents, originalPrice: Cents | null): number {
  if (originalPrice === null || originalPrice <= price || originalPrice === 0) return 0;
  return Math.floor(((originalPrice - price) * 100) / originalPrice);
}
