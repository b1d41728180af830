import { userIdOf, type Shopper } from "../shared/shopper.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { Cents } from "../shared/money.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { assertCodeUsable, discountFor, normalizeCode, type DiscountCode } from "../promotions/discount-code.ts";
import { invalidDiscountCode } from "../promotions/discount-code.errors.ts";
import type { CheckoutRepositories } from "./checkout-repositories.port.ts";

/**
 * The checkout's Apply: finds the typed code (trimmed, upper-cased), checks it can be used now and,
 * when the shopper's cart has items, the discount it gives on them (minimum purchase, the game it
 * applies to, capped at the subtotal). Unknown and inactive codes are both "Invalid discount code".
 */
export async function validateDiscount(
  input: { shopper: Shopper; code: string },
  deps: { unitOfWork: UnitOfWork<Pick<CheckoutRepositories, "cart" | "products" | "discountCodes">>; clock: Clock },
): Promise<{ code: DiscountCode; discount: Cents | null }> {
  const now = deps.clock.now();
  return deps.unitOfWork.run(async ({ discountCodes, cart, products }) => {
    const code = await discountCodes.byCode(normalizeCode(input.code));
    if (!code) throw invalidDiscountCode();
    assertCodeUsable(code, now);
    const lines = [];
    for (const line of await cart.lines(input.shopper)) {
      const product = await products.product(line.productId, userIdOf(input.shopper), now);
      if (product) lines.push({ gameId: product.gameId, lineTotal: product.price * line.quantity });
    }
    return { code, discount: lines.length > 0 ? discountFor(code, lines) : null };
  });
}
