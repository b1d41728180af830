import type { Order, OrderStatus } from "./order.ts";

/** Orders with their items. */
export interface OrderRepository {
  /**
   * Stores the order unless an order for its payment id exists already (the database's unique
   * constraint decides, also between racing requests); answers whether it was stored.
   */
  addIfNewPayment(order: Order, at: Date): Promise<boolean>;
  byPaymentId(paymentId: string): Promise<Order | null>;
  byId(orderId: string): Promise<Order | null>;
  /** The order whose payment's capture this is, or null. */
  byCaptureId(captureId: string): Promise<Order | null>;
  /** Changes the status only if it is still `from`; false when someone changed it meanwhile. */
  changeStatus(orderId: string, from: OrderStatus, to: OrderStatus, stockReturned: boolean, at: Date): Promise<boolean>;
}

/** Stock moves of placed and cancelled orders. */
export interface StockRepository {
  /**
   * Until the unit of work ends, other units that lock any of these products wait: what this one
   * reads of their stock and holds stays true until it has written. (SQLite runs one writer at a
   * time anyway; PostgreSQL runs transactions side by side and needs the row locks.)
   */
  lock(productIds: readonly string[]): Promise<void>;
  /**
   * Takes `quantity` units if that many are in stock, in one conditional update
   * (`stock = stock - n where stock >= n`); false, with nothing changed, when they are not.
   */
  takeIfAvailable(productId: string, quantity: number): Promise<boolean>;
  /** Puts units back (a product deleted meanwhile is skipped). */
  giveBack(productId: string, quantity: number): Promise<void>;
}

/** A discount code's uses. */
export interface DiscountUsage {
  /**
   * Counts one use if the limit allows, in one conditional update (`usageCount < usageLimit`):
   * "counted", "limit_reached" (nothing changed), or "gone" when the code was deleted meanwhile.
   */
  countUseIfAvailable(discountCodeId: string): Promise<"counted" | "limit_reached" | "gone">;
  /** Gives one use back (an order whose payment was denied); never below zero; a deleted code is skipped. */
  releaseUse(discountCodeId: string): Promise<void>;
}
