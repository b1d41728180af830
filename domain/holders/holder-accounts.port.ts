import type { Holder, HolderStockLine } from "./holder.ts";

/** The holder accounts, inside the holders' transaction (the products' rows locked before any stock changes). */
export interface HolderAccounts {
  /** Stores a new holder; false when the game has this Roblox account already. */
  add(holder: Holder): Promise<boolean>;
  byId(holderId: string): Promise<Holder | null>;
  stockOf(holderId: string): Promise<HolderStockLine[]>;
  /** Sets a holder's units of a product (a new line when it had none). */
  setQuantity(holderId: string, productId: string, quantity: number): Promise<void>;
  setStatus(holderId: string, status: Holder["status"], lost: { at: Date; note: string } | null): Promise<void>;
  /** The game of a product, or null when there is no such product. */
  gameOfProduct(productId: string): Promise<string | null>;
  gameExists(gameId: string): Promise<boolean>;
  /** Open orders (paid, not delivered, not cancelled) with units reserved on this holder. */
  openOrdersOn(holderId: string): Promise<string[]>;
}
