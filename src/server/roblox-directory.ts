import type { Logger } from "#adapters/log/logger.ts";
import { cachedRobloxDirectory } from "#adapters/roblox/cached-roblox-directory.ts";
import { createRobloxWebDirectory } from "#adapters/roblox/roblox-web-directory.ts";
import type { RobloxDirectory } from "#domain/roblox/roblox-directory.port.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { Config } from "./config.ts";

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
