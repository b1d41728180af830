import type { Order } from "../orders/order.ts";
import { lookUpGamePass } from "../roblox/check-game-pass.ts";
import { gamePassProblem, gamePassRefused, gamePassUncheckable } from "../roblox/game-pass.ts";
import type { GamePasses } from "../roblox/game-passes.port.ts";

/** Roblox's pending period for a pass's earnings when the configuration names none (unverified: docs/delivery.md). */
export const DEFAULT_ROBLOX_PENDING_DAYS = 7;

const DAY_MS = 86_400_000;

/**
 * Before staff mark a gamepass order delivered (they bought the pass), the pass is asked of Roblox
 * again: a pass whose price, sale or regional pricing changed since checkout is refused with its code
 * (422), so staff never pay a pass that no longer pays the buyer what they bought; Roblox down is 503.
 * Orders without a pass pass through.
 */
export async function recheckGamePass(order: Pick<Order, "gamePass" | "recipient">, gamePasses: GamePasses): Promise<void> {
  if (!order.gamePass) return;
  const { pass } = await lookUpGamePass(String(order.gamePass.id), gamePasses);
  if (order.recipient.userId === null) throw gamePassUncheckable();
  const problem = gamePassProblem(pass, { price: order.gamePass.price, recipientUserId: order.recipient.userId });
  if (problem) throw gamePassRefused(problem);
}

/** When the Robux of a pass bought at `deliveredAt` should appear: Roblox holds the sale as pending for `pendingDays`. */
export function robuxDueAt(deliveredAt: Date, pendingDays: number): Date {
  return new Date(deliveredAt.getTime() + pendingDays * DAY_MS);
}

/** The delivered line of a gamepass order's timeline: what was done and when the Robux should appear. */
export function robuxDeliveredText(dueAt: Date, pendingDays: number): string {
  return `Delivered: we bought your gamepass. The Robux should appear in your Roblox account by ${dueAt.toISOString().slice(0, 10)} (Roblox keeps a pass's sale pending for ${pendingDays} days).`;
}
