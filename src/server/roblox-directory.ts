import type { Logger } from "#adapters/log/logger.ts";
import { cachedRobloxDirectory } from "#adapters/roblox/cached-roblox-directory.ts";
import { createRobloxWebDirectory } from "#adapters/roblox/roblox-web-directory.ts";
import type { RobloxDirectory } from "#domain/roblox/roblox-directory.port.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { Config } from "./config.ts";
import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { createSavedRobloxAccounts } from "#adapters/repositories/saved-roblox-accounts.repository.ts";
import { createRobloxModule } from "#domain/roblox/roblox.module.ts";
import type { RateLimiter } from "#domain/shared/rate-limiter.port.ts";
import { createRobloxGamePasses } from "#adapters/roblox/roblox-game-passes.ts";
import type { GamePasses } from "#domain/roblox/game-passes.port.ts";

/** Roblox's web APIs at the configured origins, behind the per-process cache (docs/delivery.md, "The Roblox directory"). */
export function createRobloxDirectory(config: Config["roblox"], deps: { clock: Clock; log: Logger }): RobloxDirectory {
  const web = createRobloxWebDirectory(
    {
      usersUrl: config.usersUrl,
      thumbnailsUrl: config.thumbnailsUrl,
      timeoutMs: config.timeoutMs,
      onFailure: (what) => deps.log.warn({ roblox: what }, "Roblox directory unreachable: names go on as not checked"),
    },
    deps.clock,
  );
  return cachedRobloxDirectory(web, deps.clock, { foundMs: config.foundMs, missingMs: config.missingMs, maxEntries: 10_000 });
}

/** Roblox's game passes v1 at ROBLOX_APIS_URL, asked afresh each time (a pass's price may change any minute). */
export function createGamePasses(config: Config["roblox"], deps: { clock: Clock; log: Logger }): GamePasses {
  return createRobloxGamePasses(
    {
      apisUrl: config.apisUrl,
      timeoutMs: config.timeoutMs,
      onFailure: (what) => deps.log.warn({ roblox: what }, "Roblox game passes unreachable: gamepasses cannot be checked"),
    },
    deps.clock,
  );
}

/** Roblox's two web clients the app shares: the directory of accounts and the game passes. */
export function createRobloxClients(config: Config["roblox"], deps: { clock: Clock; log: Logger }) {
  return { robloxDirectory: createRobloxDirectory(config, deps), gamePasses: createGamePasses(config, deps) };
}

/** The Roblox module: "Is this you?" and the shoppers' saved accounts, on the app's one directory. */
export function composeRoblox(
  db: Kysely<Database>,
  config: Config["roblox"],
  deps: { directory: RobloxDirectory; gamePasses: GamePasses; rateLimiter: RateLimiter },
) {
  return createRobloxModule({
    directory: deps.directory,
    gamePasses: deps.gamePasses,
    saved: createSavedRobloxAccounts(db),
    rateLimiter: deps.rateLimiter,
    lookupsPerMinute: config.lookupsPerMinute,
  });
}
