import type { Clock } from "../shared/clock.port.ts";
import { acceptableBirthDate, birthDateAlreadyGiven } from "./age.ts";
import type { BirthDates } from "./birth-dates.port.ts";

/**
 * An account gives its date of birth, once (at sign-up, or before its first payment when it was
 * made without one: Google, or before ages were asked). Under 13: age_under_13 and nothing is kept; an
 * account that already has one: 409.
 */
export async function giveBirthDate(deps: { birthDates: BirthDates; clock: Clock }, userId: string, birthDate: string): Promise<void> {
  const accepted = acceptableBirthDate(birthDate, deps.clock.now());
  if (!(await deps.birthDates.giveOnce(userId, accepted))) throw birthDateAlreadyGiven();
}
