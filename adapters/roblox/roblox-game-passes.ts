import * as z from "zod";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { GamePasses, GamePassLookup } from "#domain/roblox/game-passes.port.ts";
import { createRobloxCalls, RobloxUnreachable, type RobloxCallsConfig } from "./roblox-calls.ts";

export interface RobloxGamePassesConfig extends RobloxCallsConfig {
  /** The apis origin (ROBLOX_APIS_URL, default https://apis.roblox.com). */
  apisUrl: string;
}

// Keys as Roblox spells them in the product-info answer (PascalCase), or camelCased: read alike.
const camelKeys = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(camelKeys)
    : value !== null && typeof value === "object"
      ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key.charAt(0).toLowerCase() + key.slice(1), camelKeys(inner)]))
      : value;

// GET /game-passes/v1/game-passes/{gamePassId}/product-info: the public answer about a pass
// (TargetId, Name, Creator { Id, Name, CreatorType, CreatorTargetId }, PriceInRobux, IsForSale, ...).
const ProductInfo = z.preprocess(
  camelKeys,
  z.object({
    targetId: z.number().int(),
    name: z.string(),
    creator: z.object({ creatorType: z.string(), creatorTargetId: z.number().int() }),
    priceInRobux: z.number().int().nullable().optional(),
    isForSale: z.boolean(),
  }),
);

// GET /game-passes/v1/game-passes/{gamePassId}/details: the pass's configuration, whose
// priceInformation is GamePassConfigV2's as Roblox's creator-docs document it
// (game-passes-http-service v1: { defaultPriceInRobux, enabledFeatures: ["RegionalPricing", ...] }).
const Details = z.object({
  priceInformation: z
    .object({ enabledFeatures: z.array(z.string()) })
    .nullable()
    .optional(),
});

/**
 * Roblox's game passes v1 as the GamePasses port: a pass's creator, price and sale from its
 * product-info, and whether regional pricing is on from its details (docs/delivery.md, "Robux by
 * gamepass"). Details that cannot be read leave regional pricing unknown (null) rather than the
 * pass unchecked; product-info unreachable is `unreachable`.
 */
export function createRobloxGamePasses(config: RobloxGamePassesConfig, clock: Clock): GamePasses {
  const { call, decode } = createRobloxCalls(config, clock);
  const base = `${config.apisUrl}/game-passes/v1/game-passes`;

  async function regionalPricing(gamePassId: number): Promise<boolean | null> {
    try {
      const response = await call(`${base}/${gamePassId}/details`);
      if (!response) return null;
      const details = await decode(response, Details, "game-passes/{id}/details");
      return details.priceInformation ? details.priceInformation.enabledFeatures.includes("RegionalPricing") : null;
    } catch (error) {
      if (error instanceof RobloxUnreachable) return null;
      throw error;
    }
  }

  return {
    async details(gamePassId): Promise<GamePassLookup> {
      try {
        const response = await call(`${base}/${gamePassId}/product-info`);
        if (!response) return { kind: "missing" };
        const info = await decode(response, ProductInfo, "game-passes/{id}/product-info");
        return {
          kind: "found",
          pass: {
            id: info.targetId,
            name: info.name,
            creatorUserId: info.creator.creatorType === "User" ? info.creator.creatorTargetId : null,
            price: info.priceInRobux ?? null,
            isForSale: info.isForSale,
            regionalPricing: await regionalPricing(gamePassId),
          },
        };
      } catch (error) {
        if (error instanceof RobloxUnreachable) return { kind: "unreachable" };
        throw error;
      }
    },
  };
}
