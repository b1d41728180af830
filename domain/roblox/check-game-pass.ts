import type { RobloxDirectory } from "./roblox-directory.port.ts";
import type { GamePasses } from "./game-passes.port.ts";
import { resolveRecipient } from "./roblox-recipient.ts";
import { robloxUserNotFound } from "./roblox.errors.ts";
import {
  gamePassInvalid,
  gamePassPriceFor,
  gamePassProblem,
  gamePassRefused,
  gamePassUncheckable,
  parseGamePass,
  type GamePassChoice,
  type GamePassDetails,
} from "./game-pass.ts";

/**
 * The pass the shopper pasted, as Roblox describes it now: null when Roblox has no such pass. A
 * paste that is no pass link or id is refused (400); Roblox unreachable is 503 gamepass_uncheckable
 * (the store never accepts a pass it could not check).
 */
export async function lookUpGamePass(gamePass: string, gamePasses: GamePasses): Promise<{ id: number; pass: GamePassDetails | null }> {
  const id = parseGamePass(gamePass);
  if (id === null) throw gamePassInvalid();
  const lookup = await gamePasses.details(id);
  if (lookup.kind === "unreachable") throw gamePassUncheckable();
  return { id, pass: lookup.kind === "found" ? lookup.pass : null };
}

/**
 * The pass is right for `robux` Robux to the Roblox user `recipientUserId` (null: Roblox could not
 * confirm who that is, so whose pass it is cannot be checked: 503), or the 422 of its first problem.
 */
export function acceptGamePass(found: { id: number; pass: GamePassDetails | null }, robux: number, recipientUserId: number | null): GamePassChoice {
  if (recipientUserId === null) throw gamePassUncheckable();
  const price = gamePassPriceFor(robux);
  const problem = gamePassProblem(found.pass, { price, recipientUserId });
  if (problem) throw gamePassRefused(problem);
  return { id: found.id, price };
}

/**
 * "Check my gamepass" at checkout, before anything is prepared: the pass must be the recipient's own,
 * for sale, priced exactly for `amount` Robux, with regional pricing off. The recipient is asked of
 * Roblox's directory like at checkout (unknown or banned: 422).
 */
export async function checkGamePass(
  input: { gamePass: string; amount: number; robloxUsername: string },
  deps: { directory: RobloxDirectory; gamePasses: GamePasses },
): Promise<GamePassChoice> {
  const found = await lookUpGamePass(input.gamePass, deps.gamePasses);
  const recipient = await resolveRecipient(input.robloxUsername.trim(), deps.directory, robloxUserNotFound);
  return acceptGamePass(found, input.amount, recipient.userId);
}
