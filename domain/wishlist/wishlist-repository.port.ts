import type { Shopper } from "../shared/shopper.ts";
import type { WishlistItem } from "./wishlist.ts";

/** A shopper's wishlist; every lookup is scoped to the shopper (another's item is not found). */
export interface WishlistRepository {
  /**
   * The shopper's item of this product, or null. Until the unit of work ends, another unit asking for the same shopper's item of this product
   * waits, so two racing adds cannot both add an item.
   */
  itemOfProduct(shopper: Shopper, productId: string): Promise<WishlistItem | null>;
  /** The shopper's item with this id, or null. */
  item(shopper: Shopper, itemId: string): Promise<WishlistItem | null>;
  /** All the shopper's items, oldest first. */
  items(shopper: Shopper): Promise<WishlistItem[]>;
  add(shopper: Shopper, item: WishlistItem, at: Date): Promise<void>;
  remove(itemIds: readonly string[]): Promise<void>;
  moveToUser(itemId: string, userId: string): Promise<void>;
  /** Whether the product exists. */
  productExists(productId: string): Promise<boolean>;
}
