import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";

export const notSignedIn = () => new DomainError("unauthenticated", ErrorCode.notSignedIn, "Please log in to continue");
export const adminOnly = () => new DomainError("forbidden", ErrorCode.adminOnly, "Only administrators can do this");
/** A staff member whose role does not include the permission a call needs (issue 20). */
export const missingPermission = (role: string, permission: string, description: string) =>
  new DomainError("forbidden", ErrorCode.missingPermission, `Your role (${role}) does not allow this: ${description} (permission "${permission}")`);
export const lastOwner = () => new DomainError("conflict", ErrorCode.lastOwner, "The shop needs at least one owner: make someone else an owner first");
export const accountNotFound = () => new DomainError("not_found", ErrorCode.accountNotFound, "This account no longer exists");
export const notStaff = () => new DomainError("not_found", ErrorCode.staffNotFound, "This account is not a staff member");
export const twoFactorRequired = () =>
  new DomainError("forbidden", ErrorCode.twoFactorRequired, "Set up two-factor sign-in before using the admin panel (STAFF_2FA=required)");
export const wrongTwoFactorCode = () =>
  new DomainError("unauthenticated", ErrorCode.invalidTwoFactorCode, "That code is not right. Check your authenticator app and try again");
export const notYours = () => new DomainError("forbidden", ErrorCode.notOwner, "You don't have access to this");
export const invalidCredentials = () => new DomainError("unauthenticated", ErrorCode.invalidCredentials, "Invalid email or password");
export const emailTaken = () => new DomainError("conflict", ErrorCode.emailTaken, "An account with this email already exists");
export const notAnAdministrator = () => new DomainError("forbidden", ErrorCode.notAdmin, "Invalid credentials or insufficient permissions");
export const crossOrigin = () => new DomainError("forbidden", ErrorCode.crossOrigin, "Requests from other sites are not allowed");
/** Issue 32: a role goes to a mailbox; only a verified account with two-factor sign-in on may get one without an invitation. */
export const directPromotionRefused = () =>
  new DomainError(
    "conflict",
    ErrorCode.directPromotionRefused,
    "Only a verified account with two-factor sign-in on can be given a role directly. Send an invitation instead: the role takes effect when its link is followed.",
  );
