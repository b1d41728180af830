import type { AuditActor } from "../audit/audit-entry.ts";
import type { HolderStockLine } from "./holder.ts";
import { markHolderLost, registerHolder, restoreHolder, setHolderStock, type HoldersDeps } from "./manage-holders.ts";
import { reassignOrderHolder } from "./reassign-order-holder.ts";

/** The Roblox accounts that hold the stock: registered, stocked, lost and restored by staff, and the orders reserved on them. */
export function createHoldersModule(deps: HoldersDeps) {
  return {
    registerHolder: (input: { gameId: string; robloxUsername: string; note: string | null }, actor: AuditActor) => registerHolder(input, actor, deps),
    setHolderStock: (input: { holderId: string; productId: string; quantity: number }, actor: AuditActor) => setHolderStock(input, actor, deps),
    markHolderLost: (input: { holderId: string; note: string }, actor: AuditActor) => markHolderLost(input, actor, deps),
    restoreHolder: (input: { holderId: string; stock: readonly HolderStockLine[] }, actor: AuditActor) => restoreHolder(input, actor, deps),
    reassignOrderHolder: (input: { orderId: string; holderId: string }, actor: AuditActor) => reassignOrderHolder(input, actor, deps),
  };
}

export type HoldersModule = ReturnType<typeof createHoldersModule>;
