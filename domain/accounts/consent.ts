import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";

/**
 * The version of the Terms of Service (src/pages/terms.astro) a new account accepts. Bump it when
 * the terms change in substance: each account's consent record keeps the version it accepted.
 */
export const TERMS_VERSION = "2026-11-26";

/** The shop's own policy: accounts are for people aged 13 or older (terms.astro). */
export const MINIMUM_AGE = 13;

/** What a consent record is about: the Terms (with the 13+ age rule) or analytics page-view tracking. */
export type ConsentKind = "terms" | "analytics";

/** The shopper's answer: accepted terms, or an analytics choice. */
export type ConsentChoice = "accepted" | "granted" | "denied";

/** One recorded consent decision of an account, kept as a history (the latest per kind is in force). */
export interface ConsentRecord {
  kind: ConsentKind;
  choice: ConsentChoice;
  /** The terms' version for "terms"; null for analytics. */
  version: string | null;
  recordedAt: Date;
}

export const termsNotAccepted = () =>
  new DomainError(
    "invalid",
    ErrorCode.termsNotAccepted,
    `To create an account, please confirm that you accept the Terms of Service and are at least ${MINIMUM_AGE} years old.`,
  );

/** Sign-up goes on only with the box ticked: anything but an explicit true is a refusal. */
export function assertTermsAccepted(accepted: boolean | undefined): void {
  if (accepted !== true) throw termsNotAccepted();
}

/** The record a sign-up with the box ticked leaves. */
export function termsAcceptance(now: Date): ConsentRecord {
  return { kind: "terms", choice: "accepted", version: TERMS_VERSION, recordedAt: now };
}

export function analyticsChoice(granted: boolean, now: Date): ConsentRecord {
  return { kind: "analytics", choice: granted ? "granted" : "denied", version: null, recordedAt: now };
}
