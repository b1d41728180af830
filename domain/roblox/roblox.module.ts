import { enforceLimits } from "../shared/rate-limit.ts";
import type { RateLimiter } from "../shared/rate-limiter.port.ts";
import type { RobloxDirectory } from "./roblox-directory.port.ts";
import { robloxLookupChecks } from "./roblox-lookup-limits.ts";
import { resolveRecipient } from "./roblox-recipient.ts";
import { robloxAccountNotFound, tooManyRobloxLookups } from "./roblox.errors.ts";
import { saveRobloxAccount, type SavedRobloxAccounts } from "./saved-roblox-account.ts";
import type { GamePasses } from "./game-passes.port.ts";
import { checkGamePass } from "./check-game-pass.ts";

export interface RobloxModuleDeps {
  directory: RobloxDirectory;
  /** Roblox's game passes (Robux by gamepass). */
  gamePasses: GamePasses;
  /** The shoppers' saved accounts (their settings). */
  saved: SavedRobloxAccounts;
  rateLimiter: RateLimiter;
  /** ROBLOX_LOOKUP_LIMIT_PER_MINUTE: names one shopper may look up a minute. */
  lookupsPerMinute: number;
}

/** The Roblox directory as the shop uses it: "Is this you?" at checkout, braked per shopper and address. */
export function createRobloxModule(deps: RobloxModuleDeps) {
  return {
    directory: deps.directory,
    /** "Is this you?": who a typed name is at Roblox (404 unknown, 422 banned, unchecked when Roblox is down). */
    resolveRecipient: async (input: { username: string; who: { userId: string | null; visitorId: string; clientIp: string } }) => {
      await enforceLimits(deps.rateLimiter, robloxLookupChecks(input.who, deps.lookupsPerMinute), tooManyRobloxLookups);
      return resolveRecipient(input.username, deps.directory, robloxAccountNotFound);
    },
    gamePasses: deps.gamePasses,
    /** "Check my gamepass": the pass is the recipient's, for sale, priced for `amount` Robux, regional pricing off (422 with the fix; 503 when Roblox is down). */
    checkGamePass: async (input: {
      gamePass: string;
      amount: number;
      robloxUsername: string;
      who: { userId: string | null; visitorId: string; clientIp: string };
    }) => {
      await enforceLimits(deps.rateLimiter, robloxLookupChecks(input.who, deps.lookupsPerMinute), tooManyRobloxLookups);
      return checkGamePass(input, deps);
    },
    /** The shopper's saved Roblox account, checked like a checkout's name (422 unknown or banned). */
    saveRobloxAccount: (input: Parameters<typeof saveRobloxAccount>[0]) => saveRobloxAccount(input, deps),
    /** Forgets the shopper's saved Roblox account. */
    forgetRobloxAccount: (userId: string) => deps.saved.save(userId, null),
  };
}

export type RobloxModule = ReturnType<typeof createRobloxModule>;
