import type { Shopper } from "../shared/shopper.ts";
import type { CartLine } from "./cart.ts";

/**
 * A shopper's cart lines. Every lookup is scoped to the shopper, so a line id of someone else's
 * cart is simply not found. Writes take ids the caller has just read within the same unit of work.
 */
export interface CartRepository {
  /**
   * The shopper's line of this product, or null. Until the unit of work ends, another unit asking for
   * the same shopper's line of this product waits, so two racing adds cannot both add a line.
   */
  lineOfProduct(shopper: Shopper, productId: string): Promise<CartLine | null>;
  /** The shopper's line with this id, or null (also when the id belongs to another cart). */
  line(shopper: Shopper, lineId: string): Promise<CartLine | null>;
  /** All the shopper's lines, oldest first; empty when the cart is empty. */
  lines(shopper: Shopper): Promise<CartLine[]>;
  add(shopper: Shopper, line: CartLine, at: Date): Promise<void>;
  setQuantity(lineId: string, quantity: number): Promise<void>;
  remove(lineIds: readonly string[]): Promise<void>;
  /** Removes every line of the shopper. */
  clear(shopper: Shopper): Promise<void>;
  /** Gives a guest's line to a user (at sign-in), with its new quantity. */
  moveToUser(lineId: string, userId: string, quantity: number): Promise<void>;
}
