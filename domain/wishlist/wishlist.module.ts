import type { GuestDataMerger } from "../accounts/guest-data-merger.port.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { Shopper } from "../shared/shopper.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import type { WishlistRepository } from "./wishlist-repository.port.ts";
import { addToWishlist, guestWishlistMerger, removeFromWishlist } from "./wishlist-use-cases.ts";

/** What the wishlist module needs, bound once by the composition root. */
export interface WishlistModuleDeps {
  unitOfWork: UnitOfWork<{ wishlist: WishlistRepository }>;
  clock: Clock;
  ids: IdGenerator;
}

/** The wishlist's use cases, ready to call: `app.wishlist.addToWishlist({ shopper, productId })`. */
export function createWishlistModule(deps: WishlistModuleDeps) {
  const { unitOfWork, clock, ids } = deps;
  return {
    addToWishlist: (input: { shopper: Shopper; productId: string }) => addToWishlist(input, { unitOfWork, clock, ids }),
    removeFromWishlist: (input: { shopper: Shopper; itemId: string }) => removeFromWishlist(input, { unitOfWork }),
    /** How a guest's wishlist moves to the account at sign-in. */
    guestMerger: guestWishlistMerger({ unitOfWork }) satisfies GuestDataMerger,
  };
}

export type WishlistModule = ReturnType<typeof createWishlistModule>;
