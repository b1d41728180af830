import type { Clock } from "../shared/clock.port.ts";
import { analyticsChoice, assertTermsAccepted, termsAcceptance } from "./consent.ts";
import type { ConsentRecords } from "./consent-records.port.ts";

export interface ConsentDeps {
  consents: ConsentRecords;
  clock: Clock;
}

/**
 * Records that a new account accepted the current Terms and the 13+ rule. Throws
 * terms_not_accepted (and records nothing) when `accepted` is not true.
 */
export async function recordTermsAcceptance(deps: ConsentDeps, userId: string, accepted: boolean | undefined): Promise<void> {
  assertTermsAccepted(accepted);
  await deps.consents.add(userId, termsAcceptance(deps.clock.now()));
}

/** Records a signed-in shopper's analytics choice; repeated calls keep the history, the latest counts. */
export async function recordAnalyticsConsent(deps: ConsentDeps, userId: string, granted: boolean): Promise<void> {
  await deps.consents.add(userId, analyticsChoice(granted, deps.clock.now()));
}
