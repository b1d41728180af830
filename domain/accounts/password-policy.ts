import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** Whether a password is on a list of the passwords seen most in breaches (an adapter's list). */
export type CommonPasswordCheck = (password: string) => boolean;

/** The request's name of the password being set ("password" at sign-up, "newPassword" at reset and change): the form shows the error under it. */
export type PasswordField = "password" | "newPassword";

const refused = (code: ErrorCode, message: string, field: PasswordField) => new DomainError("invalid", code, message, { fields: { [field]: message } });
export const passwordTooShort = (field: PasswordField = "password") =>
  refused(ErrorCode.passwordTooShort, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`, field);
export const passwordTooLong = (field: PasswordField = "password") =>
  refused(ErrorCode.passwordTooLong, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`, field);
export const commonPassword = (field: PasswordField = "password") =>
  refused(ErrorCode.commonPassword, "This password is one of the most common ones and easy to guess. Please choose another.", field);

/**
 * The store's password rule, on every path that sets one (sign-up, reset, change, the operator's
 * administrator): 8 to 128 characters and not a commonly breached password. No composition rules:
 * they make passwords harder to remember, not to guess (NIST SP 800-63B).
 */
export function assertAcceptablePassword(password: string, isCommon: CommonPasswordCheck, field: PasswordField = "password"): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw passwordTooShort(field);
  if (password.length > MAX_PASSWORD_LENGTH) throw passwordTooLong(field);
  if (isCommon(password)) throw commonPassword(field);
}
