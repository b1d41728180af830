import type { DeliveryMethod, Requirement } from "../catalogue/requirements.ts";
import type { Cents } from "../shared/money.ts";

export interface AvailableProduct {
  id: string;
  name: string;
  gameId: string;
  /** What a unit costs at `now`: the regular price, or the running sale's (domain/shop-facts/sale-price.ts). */
  price: Cents;
  /** Units in stock. */
  stock: number;
  /** Units this shopper may buy now: stock minus what other shoppers hold at checkout (never below 0). */
  available: number;
  /** What the buyer's account needs: its game's requirements, then its own (once per code). */
  requirements: Requirement[];
  /** The Robux a gamepass product pays out through the buyer's own pass; absent or null for every other product. */
  robuxAmount?: number | null;
  /** How it reaches the buyer (absent: not said; checkout refuses a method the owner paused). */
  deliveryMethod?: DeliveryMethod;
}

/**
 * Products as the cart and checkout see them. `forUserId` is the shopper whose own hold counts as
 * available to them (null for a guest, who holds nothing). Holds expire at their time: `now` decides.
 */
export interface ProductAvailability {
  /** The product, or null when there is no such product. */
  product(productId: string, forUserId: string | null, now: Date): Promise<AvailableProduct | null>;
}
