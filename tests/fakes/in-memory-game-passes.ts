import type { GamePasses } from "#domain/roblox/game-passes.port.ts";
import { fixtureGamePass } from "../support/roblox-fixture-server.ts";

/**
 * Roblox's game passes in memory, knowing the fixture world the fixture server answers from
 * (tests/fixtures/roblox/game-passes.json). `unreachable = true` stands for Roblox being down;
 * `change(id, ...)` for the pass's creator changing it.
 */
export function inMemoryGamePasses() {
  const state = { unreachable: false, lookups: 0 };
  const changes = new Map<number, { price?: number | null; isForSale?: boolean; regionalPricing?: boolean }>();
  const gamePasses: GamePasses = {
    details: async (id) => {
      state.lookups++;
      if (state.unreachable) return { kind: "unreachable" };
      const pass = fixtureGamePass(id);
      if (!pass) return { kind: "missing" };
      const changed = { ...pass, ...changes.get(id) };
      return {
        kind: "found",
        pass: {
          id,
          name: changed.name,
          creatorUserId: changed.creatorId,
          price: changed.price,
          isForSale: changed.isForSale,
          regionalPricing: changed.regionalPricing,
        },
      };
    },
  };
  return {
    gamePasses,
    state,
    change: (id: number, change: { price?: number | null; isForSale?: boolean; regionalPricing?: boolean }) =>
      void changes.set(id, { ...changes.get(id), ...change }),
  };
}
