import type { DomainError } from "../shared/domain-error.ts";
import type { RobloxDirectory, RobloxUser } from "./roblox-directory.port.ts";
import { robloxUserBanned, robloxUserNotFound } from "./roblox.errors.ts";

/**
 * Who an order is delivered to. `verified` is true when Roblox confirmed the account at checkout
 * (then `userId` is the id to deliver to); false when Roblox could not be asked, and the name is
 * only what the shopper typed ("not checked").
 */
export type RobloxRecipient =
  | { verified: true; userId: number; name: string; displayName: string; avatarUrl: string | null; created: Date }
  | { verified: false; userId: null; name: string; displayName: null; avatarUrl: null; created: null };

export function verifiedRecipient(user: RobloxUser): RobloxRecipient {
  return { verified: true, userId: user.id, name: user.name, displayName: user.displayName, avatarUrl: user.avatarUrl, created: user.created };
}

export function uncheckedRecipient(name: string): RobloxRecipient {
  return { verified: false, userId: null, name, displayName: null, avatarUrl: null, created: null };
}

/**
 * Asks Roblox who `username` is. An unknown account and a banned one are refused (422); when
 * Roblox cannot be reached the name goes on unchecked, so the checkout never waits on Roblox.
 */
export async function resolveRecipient(
  username: string,
  directory: RobloxDirectory,
  missing: () => DomainError = robloxUserNotFound,
): Promise<RobloxRecipient> {
  const lookup = await directory.byUsername(username);
  if (lookup.kind === "unreachable") return uncheckedRecipient(username);
  if (lookup.kind === "missing") throw missing();
  if (lookup.user.banned) throw robloxUserBanned();
  return verifiedRecipient(lookup.user);
}
