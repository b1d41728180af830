/** A holder account's units of a product (only the holders of the products asked about). */
export interface Holding {
  holderId: string;
  productId: string;
  /** Units not yet reserved for a paid order. */
  quantity: number;
  /** False for a lost (banned) account: its units count for nothing. */
  active: boolean;
}

/** Units of one product reserved for an order on one holder. */
export interface Reservation {
  holderId: string;
  productId: string;
  quantity: number;
}

/**
 * The stock on the Roblox accounts that hold it, inside the order's transaction. A product with
 * holders has as its stock the sum over its active holders (kept in the product's own stock column,
 * so every shopper-facing read stays as it is); every change here runs after the products' rows are
 * locked (StockRepository.lock), so two transactions never move one product's holders at once.
 */
export interface OrderHolders {
  /** Every holder row of these products, active or lost. */
  holdings(productIds: readonly string[]): Promise<Holding[]>;
  /**
   * Takes units from a holder for the order, in one conditional update (`quantity >= n`), and records
   * them reserved; false, with nothing changed, when the holder has fewer.
   */
  reserve(orderId: string, reservation: Reservation): Promise<boolean>;
  /** The order's reservations, removed; units go back to holders still active (a lost one's are gone). */
  release(orderId: string): Promise<Reservation[]>;
  /** Sets each product that has holders to the sum over its active holders. */
  recount(productIds: readonly string[]): Promise<void>;
  /** The delivery's one-time phrase (null: the delivery ended, the phrase is gone). */
  setPhrase(orderId: string, phrase: string | null, at: Date): Promise<void>;
}
