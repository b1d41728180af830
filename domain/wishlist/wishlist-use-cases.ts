import type { GuestDataMerger } from "../accounts/guest-data-merger.port.ts";
import { productNotFound } from "../catalogue/catalogue.errors.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { Shopper } from "../shared/shopper.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { wishlistItemNotFound } from "./wishlist.errors.ts";
import { planWishlistMerge, type WishlistItem } from "./wishlist.ts";
import type { WishlistRepository } from "./wishlist-repository.port.ts";

type Deps = { unitOfWork: UnitOfWork<{ wishlist: WishlistRepository }>; clock: Clock; ids: IdGenerator };

/**
 * Keeps a product in the shopper's wishlist. Adding a product that is already there changes nothing
 * and answers the existing item (`created: false`), so a double click never makes a duplicate.
 */
export async function addToWishlist(input: { shopper: Shopper; productId: string }, deps: Deps): Promise<{ item: WishlistItem; created: boolean }> {
  return deps.unitOfWork.run(async ({ wishlist }) => {
    if (!(await wishlist.productExists(input.productId))) throw productNotFound();
    const existing = await wishlist.itemOfProduct(input.shopper, input.productId);
    if (existing) return { item: existing, created: false };
    const item = { id: deps.ids.newId(), productId: input.productId };
    await wishlist.add(input.shopper, item, deps.clock.now());
    return { item, created: true };
  });
}

/** Removes one of the shopper's items; another shopper's item is not found (404). */
export async function removeFromWishlist(input: { shopper: Shopper; itemId: string }, deps: Pick<Deps, "unitOfWork">): Promise<void> {
  await deps.unitOfWork.run(async ({ wishlist }) => {
    const item = await wishlist.item(input.shopper, input.itemId);
    if (!item) throw wishlistItemNotFound();
    await wishlist.remove([item.id]);
  });
}

/** The wishlist's part of signing in (see planWishlistMerge); idempotent. */
export function guestWishlistMerger(deps: Pick<Deps, "unitOfWork">): GuestDataMerger {
  return {
    name: "wishlist",
    async mergeGuestIntoUser(visitorId, userId) {
      await deps.unitOfWork.run(async ({ wishlist }) => {
        const guest = await wishlist.items({ kind: "visitor", visitorId });
        if (guest.length === 0) return;
        const plan = planWishlistMerge(guest, await wishlist.items({ kind: "user", userId }));
        await wishlist.remove(plan.remove);
        for (const id of plan.move) await wishlist.moveToUser(id, userId);
      });
    },
  };
}
