import type { CartRepository } from "../cart/cart-repository.port.ts";
import type { ProductAvailability } from "../cart/product-availability.port.ts";
import type { DiscountCodeRepository } from "../promotions/discount-code-repository.port.ts";
import type { RiskRepositories } from "../risk/risk-repositories.port.ts";
import type { CheckoutRepository } from "./checkout-repository.port.ts";
import type { ParentLinkRepository } from "./parent-link-repository.port.ts";

/**
 * What checkout needs inside the order's transaction: the cart, the products, the codes and the
 * prepared checkouts, besides every other order module's repositories (placing an order pays it,
 * runs its risk check and starts its delivery clock). So this is the order transaction whole.
 */
export interface CheckoutRepositories extends RiskRepositories {
  cart: CartRepository;
  products: ProductAvailability;
  discountCodes: Pick<DiscountCodeRepository, "byId" | "byCode">;
  checkouts: CheckoutRepository;
  parentLinks: ParentLinkRepository;
}

/**
 * What the order transaction's adapter binds to it: the repositories, with the rewards module's
 * ledgers instead of its hooks and without the payment outcomes (orderTransaction binds both). So no
 * adapter runs a rewards or a risk rule. What the ledgers are is the rewards module's business: the
 * order modules only hand them over, so they name no type of rewards (the modules do not import each other).
 */
export type OrderingStore<RewardsLedgers> = Omit<CheckoutRepositories, "rewards" | "outcomes"> & { rewardsLedgers: RewardsLedgers };
