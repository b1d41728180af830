import { DomainError } from "../shared/domain-error.ts";
import type { LimitCheck } from "../shared/rate-limit.ts";
import { ErrorCode } from "../shared/error-codes.ts";

const MINUTE = 60_000;
/** The per-account sign-in window: long enough that spreading guesses over addresses gains little. */
export const SIGN_IN_ACCOUNT_WINDOW_MS = 15 * MINUTE;

/**
 * Sign-up attempts per client address, counted before anything is looked up, so that whether an
 * address is taken cannot be asked faster than accounts can be made.
 */
export function signUpChecks(clientIp: string, perMinute: number): LimitCheck[] {
  return [{ key: `sign-up:ip:${clientIp}`, limit: perMinute, windowMs: MINUTE }];
}

/**
 * Sign-in attempts per address, and per account from any address: behind a proxy an attacker can rotate addresses,
 * but not the account guessed at. The owner is slowed down too while someone hammers their account;
 * that is the price of the brake, and a password reset still works.
 */
export function signInChecks(who: { email: string; clientIp: string }, limits: { perAccountPer15Minutes: number; perAddressPerMinute: number }): LimitCheck[] {
  return [
    { key: `sign-in:account:${who.email.trim().toLowerCase()}`, limit: limits.perAccountPer15Minutes, windowMs: SIGN_IN_ACCOUNT_WINDOW_MS },
    { key: `sign-in:ip:${who.clientIp}`, limit: limits.perAddressPerMinute, windowMs: MINUTE },
  ];
}

export const tooManySignUps = (retryAfterSeconds: number) =>
  new DomainError("rate_limited", ErrorCode.tooManySignUps, "Too many attempts. Please wait a minute and try again.", { retryAfterSeconds });

export const tooManySignIns = (retryAfterSeconds: number) =>
  new DomainError("rate_limited", ErrorCode.tooManySignIns, "Too many sign-in attempts. Please wait a few minutes and try again.", { retryAfterSeconds });

/**
 * Emails a visitor can make the store send (reset links, verification links, promo codes): per client
 * address, and per recipient so that one inbox cannot be flooded from many addresses. Three an hour
 * to one recipient is plenty for a person who lost an email.
 */
export function emailRequestChecks(kind: string, who: { email: string; clientIp: string }, perMinute: number): LimitCheck[] {
  return [
    { key: `${kind}:ip:${who.clientIp}`, limit: perMinute, windowMs: MINUTE },
    { key: `${kind}:to:${who.email.trim().toLowerCase()}`, limit: 3, windowMs: 60 * MINUTE },
  ];
}

export const tooManyEmailRequests = (retryAfterSeconds: number) =>
  new DomainError("rate_limited", ErrorCode.tooManyEmailRequests, "Too many requests. Please wait a while and try again.", { retryAfterSeconds });
