import { DomainError } from "../shared/domain-error.ts";

export const notSignedIn = () => new DomainError("unauthenticated", "not_signed_in", "Please log in to continue");
export const adminOnly = () => new DomainError("forbidden", "admin_only", "Only administrators can do this");
export const notYours = () => new DomainError("forbidden", "not_owner", "You don't have access to this");
export const invalidCredentials = () => new DomainError("unauthenticated", "invalid_credentials", "Invalid email or password");
export const emailTaken = () => new DomainError("conflict", "email_taken", "An account with this email already exists");
export const notAnAdministrator = () =>
  new DomainError("forbidden", "not_admin", "Invalid credentials or insufficient permissions");
export const crossOrigin = () => new DomainError("forbidden", "cross_origin", "Requests from other sites are not allowed");
