import type { Shopper } from "../shared/shopper.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { cartItemNotFound } from "./cart.errors.ts";
import type { CartRepositories } from "./cart-repositories.port.ts";

/** Removes one line of the shopper's cart; a line of another cart (or a removed one) is not found. */
export async function removeFromCart(input: { shopper: Shopper; lineId: string }, deps: { unitOfWork: UnitOfWork<CartRepositories> }): Promise<void> {
  await deps.unitOfWork.run(async ({ cart }) => {
    const line = await cart.line(input.shopper, input.lineId);
    if (!line) throw cartItemNotFound();
    await cart.remove([line.id]);
  });
}

/** Empties the shopper's cart (an empty cart stays empty). */
export async function clearCart(input: { shopper: Shopper }, deps: { unitOfWork: UnitOfWork<CartRepositories> }): Promise<void> {
  await deps.unitOfWork.run(({ cart }) => cart.clear(input.shopper));
}
