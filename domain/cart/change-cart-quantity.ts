import type { Clock } from "../shared/clock.port.ts";
import { userIdOf, type Shopper } from "../shared/shopper.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { cartItemNotFound } from "./cart.errors.ts";
import { decideSetQuantity, type CartLine } from "./cart.ts";
import type { CartRepositories } from "./cart-repositories.port.ts";

/** Sets a line's quantity (1 to what is available). A line of another cart is not found (404). */
export async function changeCartQuantity(
  input: { shopper: Shopper; lineId: string; quantity: number },
  deps: { unitOfWork: UnitOfWork<CartRepositories>; clock: Clock },
): Promise<CartLine> {
  const now = deps.clock.now();
  return deps.unitOfWork.run(async ({ cart, products }) => {
    const line = await cart.line(input.shopper, input.lineId);
    if (!line) throw cartItemNotFound();
    const product = await products.product(line.productId, userIdOf(input.shopper), now);
    if (!product) throw cartItemNotFound();
    const quantity = decideSetQuantity(product, input.quantity);
    await cart.setQuantity(line.id, quantity);
    return { ...line, quantity };
  });
}
