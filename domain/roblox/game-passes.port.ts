import type { GamePassDetails } from "./game-pass.ts";

/** A look-up's outcome: the pass, no such pass, or Roblox could not be asked just now. */
export type GamePassLookup = { kind: "found"; pass: GamePassDetails } | { kind: "missing" } | { kind: "unreachable" };

/**
 * Roblox's game passes. Never throws for Roblox's own failures (a timeout, a 5xx, a 429): those are
 * `unreachable`. Every call asks Roblox again (a pass's price can change any minute).
 */
export interface GamePasses {
  details(gamePassId: number): Promise<GamePassLookup>;
}
