import { productNotFound } from "../catalogue/catalogue.errors.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import { userIdOf, type Shopper } from "../shared/shopper.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { decideAddToCart, type CartLine } from "./cart.ts";
import type { CartRepositories } from "./cart-repositories.port.ts";

/**
 * Puts `quantity` units of a product in the shopper's cart (onto its line when there is one) and
 * records CartItemAdded in the same transaction. Concurrent adds of one product are serialised by
 * the transaction, and the one-line-per-product constraint backs it. Answers the line as it now is
 * and whether it is new.
 */
export async function addToCart(
  input: { shopper: Shopper; visitorId: string; productId: string; quantity: number },
  deps: { unitOfWork: UnitOfWork<CartRepositories>; clock: Clock; ids: IdGenerator },
): Promise<{ line: CartLine; created: boolean }> {
  const now = deps.clock.now();
  return deps.unitOfWork.run(async ({ cart, products, events }) => {
    const product = await products.product(input.productId, userIdOf(input.shopper), now);
    if (!product) throw productNotFound();
    const existing = await cart.lineOfProduct(input.shopper, product.id);
    const quantity = decideAddToCart(product, existing?.quantity ?? 0, input.quantity);
    const line = existing ? { ...existing, quantity } : { id: deps.ids.newId(), productId: product.id, quantity };
    if (existing) await cart.setQuantity(existing.id, quantity);
    else await cart.add(input.shopper, line, now);
    await events.append({
      type: "CartItemAdded",
      occurredAt: now,
      visitorId: input.visitorId,
      userId: userIdOf(input.shopper),
      payload: { productId: product.id, productName: product.name, quantity: input.quantity, price: product.price },
    });
    return { line, created: !existing };
  });
}
