import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";

/** The longest Roblox username: the checkout field takes no more (maxlength). */
export const ROBLOX_USERNAME_MAX = 20;

/**
 * Roblox's own rule for usernames: 3 to 20 characters, letters (a-z, A-Z) and digits, with at
 * most one underscore, which is neither the first nor the last character. The items are delivered
 * to this account, so checkout refuses anything Roblox could not have issued before any payment.
 * Answers what is wrong, for the person typing it, or null when the name is one Roblox could issue.
 */
export function robloxUsernameProblem(name: string): string | null {
  if (/[^A-Za-z0-9_]/.test(name)) return "Use only letters, digits and one underscore";
  if (name.length < 3) return "A Roblox username has at least 3 characters";
  if (name.length > ROBLOX_USERNAME_MAX) return `A Roblox username has at most ${ROBLOX_USERNAME_MAX} characters`;
  if ((name.match(/_/g) ?? []).length > 1) return "A Roblox username has at most one underscore";
  if (name.startsWith("_") || name.endsWith("_")) return "The underscore cannot be the first or the last character";
  return null;
}

export function isValidRobloxUsername(name: string): boolean {
  return robloxUsernameProblem(name) === null;
}

export const ROBLOX_USERNAME_RULE = "3 to 20 letters or digits, with at most one underscore, not at the start or the end";

export const invalidRobloxUsername = () => {
  const message = `Please enter a valid Roblox username: ${ROBLOX_USERNAME_RULE}`;
  return new DomainError("invalid", ErrorCode.invalidRobloxUsername, message, { fields: { robloxUsername: message } });
};
