import type { GuestDataMerger } from "../accounts/guest-data-merger.port.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { planCartMerge } from "./cart.ts";
import type { CartRepositories } from "./cart-repositories.port.ts";

/**
 * The cart's part of signing in: the guest's lines join the user's cart in one transaction (see
 * planCartMerge). Idempotent: a second call finds no guest lines left.
 */
export function guestCartMerger(deps: { unitOfWork: UnitOfWork<CartRepositories>; clock: Clock }): GuestDataMerger {
  return {
    name: "cart",
    async mergeGuestIntoUser(visitorId, userId) {
      const now = deps.clock.now();
      await deps.unitOfWork.run(async ({ cart, products }) => {
        const guest = await cart.lines({ kind: "visitor", visitorId });
        if (guest.length === 0) return;
        const user = await cart.lines({ kind: "user", userId });
        const available = new Map<string, number>();
        for (const line of guest) available.set(line.productId, (await products.product(line.productId, userId, now))?.available ?? 0);
        const plan = planCartMerge(guest, user, (productId) => available.get(productId) ?? 0);
        await cart.remove(plan.remove);
        for (const { id, quantity } of plan.update) await cart.setQuantity(id, quantity);
        for (const { id, quantity } of plan.move) await cart.moveToUser(id, userId, quantity);
      });
    },
  };
}
