import type { Clock } from "#domain/shared/clock.port.ts";
import type { RobloxDirectory, RobloxLookup } from "#domain/roblox/roblox-directory.port.ts";

export interface RobloxCachePolicy {
  /** How long a found account is kept (ROBLOX_CACHE_FOUND_SECONDS). */
  foundMs: number;
  /** How long "no such account" is kept: briefly, since the name may be registered any minute. */
  missingMs: number;
  /** Entries kept at most; the oldest go first. */
  maxEntries: number;
}

/**
 * Roblox's unauthenticated limits are low, and "Is this you?" asks as the shopper types: each
 * answer is kept per process for a while. "Unreachable" is never kept (the web directory backs
 * off by itself), so Roblox coming back is seen at the next look-up.
 */
export function cachedRobloxDirectory(inner: RobloxDirectory, clock: Clock, policy: RobloxCachePolicy): RobloxDirectory {
  const entries = new Map<string, { lookup: RobloxLookup; until: number }>();

  function remember(key: string, lookup: RobloxLookup) {
    if (lookup.kind === "unreachable") return;
    const ttl = lookup.kind === "found" ? policy.foundMs : policy.missingMs;
    entries.delete(key);
    entries.set(key, { lookup, until: clock.now().getTime() + ttl });
    while (entries.size > policy.maxEntries) entries.delete(entries.keys().next().value!);
  }

  async function cached(key: string, ask: () => Promise<RobloxLookup>): Promise<RobloxLookup> {
    const hit = entries.get(key);
    if (hit && hit.until > clock.now().getTime()) return hit.lookup;
    const lookup = await ask();
    remember(key, lookup);
    if (lookup.kind === "found") {
      remember(`name:${lookup.user.name.toLowerCase()}`, lookup);
      remember(`id:${lookup.user.id}`, lookup);
    }
    return lookup;
  }

  return {
    byUsername: (username) => cached(`name:${username.toLowerCase()}`, () => inner.byUsername(username)),
    byId: (userId) => cached(`id:${userId}`, () => inner.byId(userId)),
  };
}
