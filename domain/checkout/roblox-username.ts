import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";

/**
 * Roblox's own rule for usernames: 3 to 20 characters, letters (a-z, A-Z) and digits, with at
 * most one underscore, which is neither the first nor the last character. The items are delivered
 * to this account, so checkout refuses anything Roblox could not have issued before any payment.
 */
export function isValidRobloxUsername(name: string): boolean {
  if (!/^[A-Za-z0-9_]{3,20}$/.test(name)) return false;
  if (name.startsWith("_") || name.endsWith("_")) return false;
  return (name.match(/_/g) ?? []).length <= 1;
}

export const ROBLOX_USERNAME_RULE = "3 to 20 letters or digits, with at most one underscore, not at the start or the end";

export const invalidRobloxUsername = () =>
  new DomainError("invalid", ErrorCode.invalidRobloxUsername, `Please enter a valid Roblox username: ${ROBLOX_USERNAME_RULE}`);
