import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** Whether a password is on a list of the passwords seen most in breaches (an adapter's list). */
export type CommonPasswordCheck = (password: string) => boolean;

export const passwordTooShort = () => new DomainError("invalid", ErrorCode.passwordTooShort, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
export const passwordTooLong = () => new DomainError("invalid", ErrorCode.passwordTooLong, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);
export const commonPassword = () =>
  new DomainError("invalid", ErrorCode.commonPassword, "This password is one of the most common ones and easy to guess. Please choose another.");

/**
 * The store's password rule, on every path that sets one (sign-up, reset, change, the operator's
 * administrator): 8 to 128 characters and not a commonly breached password. No composition rules:
 * they make passwords harder to remember, not to guess (NIST SP 800-63B).
 */
export function assertAcceptablePassword(password: string, isCommon: CommonPasswordCheck): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw passwordTooShort();
  if (password.length > MAX_PASSWORD_LENGTH) throw passwordTooLong();
  if (isCommon(password)) throw commonPassword();
}
