import { DomainError } from "../shared/domain-error.ts";

export const notSignedIn = () => new DomainError("unauthenticated", "not_signed_in", "Please log in to continue");
export const adminOnly = () => new DomainError("forbidden", "admin_only", "Only administrators can do this");
/** A staff member whose role does not include the permission a call needs (issue 20). */
export const missingPermission = (role: string, permission: string, description: string) =>
  new DomainError("forbidden", "missing_permission", `Your role (${role}) does not allow this: ${description} (permission "${permission}")`);
export const lastOwner = () => new DomainError("conflict", "last_owner", "The shop needs at least one owner: make someone else an owner first");
export const accountNotFound = () =>
  new DomainError("not_found", "account_not_found", "This account no longer exists");
export const notStaff = () => new DomainError("not_found", "staff_not_found", "This account is not a staff member");
export const twoFactorRequired = () =>
  new DomainError("forbidden", "two_factor_required", "Set up two-factor sign-in before using the admin panel (STAFF_2FA=required)");
export const wrongTwoFactorCode = () => new DomainError("unauthenticated", "invalid_two_factor_code", "That code is not right. Check your authenticator app and try again");
export const notYours = () => new DomainError("forbidden", "not_owner", "You don't have access to this");
export const invalidCredentials = () => new DomainError("unauthenticated", "invalid_credentials", "Invalid email or password");
export const emailTaken = () => new DomainError("conflict", "email_taken", "An account with this email already exists");
export const notAnAdministrator = () =>
  new DomainError("forbidden", "not_admin", "Invalid credentials or insufficient permissions");
export const crossOrigin = () => new DomainError("forbidden", "cross_origin", "Requests from other sites are not allowed");
