import type { GuestDataMerger } from "../accounts/guest-data-merger.port.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { Shopper } from "../shared/shopper.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { addToCart } from "./add-to-cart.ts";
import type { CartRepositories } from "./cart-repositories.port.ts";
import { changeCartQuantity } from "./change-cart-quantity.ts";
import { guestCartMerger } from "./merge-guest-cart.ts";
import { clearCart, removeFromCart } from "./remove-from-cart.ts";

/** What the cart module needs, bound once by the composition root. */
export interface CartModuleDeps {
  /** The cart's lines, the products' availability and the event log, in one transaction. */
  unitOfWork: UnitOfWork<CartRepositories>;
  clock: Clock;
  ids: IdGenerator;
}

/** The cart's use cases, ready to call: `app.cart.addToCart({ shopper, visitorId, productId, quantity })`. */
export function createCartModule(deps: CartModuleDeps) {
  const { unitOfWork, clock, ids } = deps;
  return {
    addToCart: (input: { shopper: Shopper; visitorId: string; productId: string; quantity: number }) => addToCart(input, { unitOfWork, clock, ids }),
    changeCartQuantity: (input: { shopper: Shopper; lineId: string; quantity: number }) => changeCartQuantity(input, { unitOfWork, clock }),
    removeFromCart: (input: { shopper: Shopper; lineId: string }) => removeFromCart(input, { unitOfWork }),
    clearCart: (input: { shopper: Shopper }) => clearCart(input, { unitOfWork }),
    /** How a guest's cart moves to the account at sign-in. */
    guestMerger: guestCartMerger({ unitOfWork, clock }) satisfies GuestDataMerger,
  };
}

export type CartModule = ReturnType<typeof createCartModule>;
