import { enforceLimits } from "../shared/rate-limit.ts";
import type { RateLimiter } from "../shared/rate-limiter.port.ts";
import type { RobloxDirectory } from "./roblox-directory.port.ts";
import { robloxLookupChecks } from "./roblox-lookup-limits.ts";
import { resolveRecipient, type RobloxRecipient } from "./roblox-recipient.ts";
import { tooManyRobloxLookups } from "./roblox.errors.ts";

/** The Roblox account a shopper keeps in their settings, offered at their next checkout. */
export interface SavedRobloxAccounts {
  /** Keeps `username` as the account's saved Roblox name; null forgets it. An unknown user id changes nothing. */
  save(userId: string, username: string | null): Promise<void>;
}

export interface SaveRobloxAccountDeps {
  saved: SavedRobloxAccounts;
  directory: RobloxDirectory;
  rateLimiter: RateLimiter;
  lookupsPerMinute: number;
}

/**
 * A shopper saves their Roblox account. The name is asked of Roblox like
 * "Is this you?": an unknown or banned account is refused (422) and nothing is kept; Roblox's
 * spelling is kept; with Roblox down the typed name is kept unchecked (checkout asks again).
 * Braked with the look-ups, so the settings are no way round their limit.
 */
export async function saveRobloxAccount(
  input: { userId: string; username: string; who: { userId: string | null; visitorId: string; clientIp: string } },
  deps: SaveRobloxAccountDeps,
): Promise<RobloxRecipient> {
  await enforceLimits(deps.rateLimiter, robloxLookupChecks(input.who, deps.lookupsPerMinute), tooManyRobloxLookups);
  const recipient = await resolveRecipient(input.username, deps.directory);
  await deps.saved.save(input.userId, recipient.name);
  return recipient;
}
