import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";

/** The youngest age an account may be made at (the Terms: 13 and older). */
export const MINIMUM_AGE = 13;
/** Under this age an account does not pay itself: a parent pays. */
export const ADULT_AGE = 18;

/** What staff see instead of a birth date: never the date itself. */
export type AgeBand = "under_18" | "adult" | "unknown";

/**
 * A calendar date as written in YYYY-MM-DD, or null when it is not a real date (2026-02-30).
 * The date is a day, not an instant: it is compared in UTC, the same for every process.
 */
export function parseBirthDate(text: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Whole years lived at `now` (a birthday counts from its own day; 29 February from 1 March in other years). */
export function ageOn(birthDate: string, now: Date): number {
  const born = parseBirthDate(birthDate);
  if (!born) throw new Error(`not a birth date: ${birthDate}`);
  const [year, month, day] = [now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate()];
  const hadBirthday = month > born.month || (month === born.month && day >= born.day);
  return year - born.year - (hadBirthday ? 0 : 1);
}

/** Under 18 at `now`. An account without a birth date is not known to be a minor (it is asked before it pays). */
export function isMinor(birthDate: string | null, now: Date): boolean {
  return birthDate !== null && ageOn(birthDate, now) < ADULT_AGE;
}

export function ageBand(birthDate: string | null, now: Date): AgeBand {
  if (birthDate === null) return "unknown";
  return isMinor(birthDate, now) ? "under_18" : "adult";
}

/**
 * The birth date an account may keep: a real day, not in the future, not over 120 years ago, and
 * 13 or older at `now`. Returns it as given (YYYY-MM-DD).
 */
export function acceptableBirthDate(birthDate: string, now: Date): string {
  if (!parseBirthDate(birthDate)) throw invalidBirthDate();
  const age = ageOn(birthDate, now);
  if (age < 0 || age > 120) throw invalidBirthDate();
  if (age < MINIMUM_AGE) throw ageUnder13();
  return birthDate;
}

/** An account without a birth date gives it once, before it pays: the answer the checkout page asks on. */
export function assertBirthDateGiven(birthDate: string | null): void {
  if (birthDate === null) throw birthDateRequired();
}

const UNDER_13 = `You must be ${MINIMUM_AGE} or older to have an account at this shop.`;
const NOT_A_DATE = "Enter your date of birth as a real date (YYYY-MM-DD).";
export const ageUnder13 = () => new DomainError("unprocessable", ErrorCode.ageUnder13, UNDER_13, { fields: { birthDate: UNDER_13 } });
export const invalidBirthDate = () => new DomainError("invalid", ErrorCode.invalidBirthDate, NOT_A_DATE, { fields: { birthDate: NOT_A_DATE } });
export const birthDateRequired = () =>
  new DomainError("unprocessable", ErrorCode.birthDateRequired, "Please give your date of birth before you pay. We ask once.");
export const birthDateAlreadyGiven = () =>
  new DomainError("conflict", ErrorCode.birthDateAlreadyGiven, "Your date of birth is already on your account. Contact support if it is wrong.");
