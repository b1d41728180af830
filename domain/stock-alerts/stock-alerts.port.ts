import type { StockAlert } from "./stock-alert.ts";

/** Stored stock alerts, as the sign-up, the unsubscribe link and the item-request link need them. */
export interface StockAlertRepository {
  /** The product's stock, or null when there is no such product. */
  stockOf(productId: string): Promise<number | null>;
  /** How many alerts were asked at or after `since` with this address or from this client key (a brake, not a quota). */
  countRecent(sender: { email: string; clientKey: string }, since: string): Promise<number>;
  /**
   * Stores the alert unless the address already waits for the product (then nothing changes). Its
   * next restock (0 to more) is recorded by the database when the stock changes (migration 0038).
   */
  addUnlessWaiting(alert: StockAlert, clientKey: string): Promise<void>;
  /** Records that the product has `units` in stock now, as a restock would: the restock job tells its waiting addresses. */
  recordInStock(productId: string, units: number): Promise<void>;
  /** Ends the alert whose unsubscribe token this is; false when no alert has it. */
  unsubscribe(token: string): Promise<{ productId: string } | null>;
  /** The item request's address, game and the item's name as typed, or null when there is no such request. */
  itemRequest(id: string): Promise<{ email: string; gameId: string; itemName: string } | null>;
  /** Records the product an item request was linked to. */
  linkItemRequest(id: string, productId: string): Promise<void>;
}
