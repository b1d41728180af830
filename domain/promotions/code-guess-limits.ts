import { DomainError } from "../shared/domain-error.ts";
import { ADDRESS_CEILING_FACTOR, type LimitCheck } from "../shared/rate-limit.ts";
import { ErrorCode } from "../shared/error-codes.ts";

const MINUTE = 60_000;

/**
 * Discount codes are short words that can be guessed: a shopper (account, or visitor cookie for a
 * guest) may try `perMinute` codes a minute, and one address ADDRESS_CEILING_FACTOR times that,
 * since a guest can drop the cookie at will. Applying a code at checkout is a handful of tries.
 */
export function codeGuessChecks(who: { userId: string | null; visitorId: string; clientIp: string }, perMinute: number): LimitCheck[] {
  const person = who.userId ? `user:${who.userId}` : `visitor:${who.visitorId}`;
  return [
    { key: `code-validate:${person}`, limit: perMinute, windowMs: MINUTE },
    { key: `code-validate:ip:${who.clientIp}`, limit: perMinute * ADDRESS_CEILING_FACTOR, windowMs: MINUTE },
  ];
}

export const tooManyCodeTries = (retryAfterSeconds: number) =>
  new DomainError("rate_limited", ErrorCode.tooManyCodeTries, "Too many discount codes tried. Please wait a minute and try again.", { retryAfterSeconds });
