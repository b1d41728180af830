import type { AuditActor } from "../audit/audit-entry.ts";
import { reserveOnHolders } from "../orders/holder-reservation.ts";
import { orderNotFound } from "../orders/orders.errors.ts";
import type { HoldersDeps } from "./manage-holders.ts";
import { holdsOrdersGame } from "./holder.ts";
import { deliveryAlreadyStarted, holderCannotCover, holderIsLost, holderNotFound, holderNotOfOrdersGame } from "./holders.errors.ts";

/**
 * Staff move an order's reserved units to another holder before delivery starts (the one it was on
 * is lost, or another account is online). The old holder gets its units back unless it is lost
 * (then they are gone); the new one must be of the order's game (422) and hold them all, or
 * nothing changes. Audited.
 */
export async function reassignOrderHolder(input: { orderId: string; holderId: string }, actor: AuditActor, deps: Pick<HoldersDeps, "unitOfWork" | "clock">) {
  return deps.unitOfWork.run(async (repos) => {
    const order = await repos.orders.byId(input.orderId);
    if (!order) throw orderNotFound();
    if (order.status !== "pending" || order.delivery.startedAt !== null) throw deliveryAlreadyStarted();
    const holder = await repos.accounts.byId(input.holderId);
    if (!holder) throw holderNotFound();
    if (holder.status === "lost") throw holderIsLost();
    if (!holdsOrdersGame(holder, order.items)) throw holderNotOfOrdersGame(holder.robloxUsername);
    const productIds = order.items.map((item) => item.productId);
    await repos.stock.lock(productIds);
    const before = await repos.holders.release(order.id);
    if (!(await reserveOnHolders(repos.holders, order.id, order.items, holder.id))) throw holderCannotCover(holder.robloxUsername);
    await repos.holders.recount(productIds);
    await repos.audit.record({
      actor,
      at: deps.clock.now(),
      kind: "order.holder",
      entityId: order.id,
      before: { holderIds: [...new Set(before.map((r) => r.holderId))] },
      after: { holderIds: [holder.id] },
    });
    return { orderId: order.id, holder: { id: holder.id, robloxUsername: holder.robloxUsername } };
  });
}
