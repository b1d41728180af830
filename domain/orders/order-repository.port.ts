import type { Order, OrderStatus } from "./order.ts";
import { type DeliveryClock, type Readiness } from "./delivery-clock.ts";

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
  /**
   * Changes the status only if it is still `from`, storing the delivery clock's started, delivered
   * and late times with it; false when someone changed the status meanwhile.
   */
  changeStatus(orderId: string, from: OrderStatus, to: OrderStatus, stockReturned: boolean, at: Date, delivery: DeliveryClock): Promise<boolean>;
  /**
   * Starts the clock (paid time and deadline) only if it has not started; false when it had. A
   * deadline of null: paid, but held for a risk review (no deadline until released).
   */
  startClock(orderId: string, clock: { paidAt: Date; dueAt: Date | null; promiseMinutes: number }): Promise<boolean>;
  /** Gives a paid order held for review its deadline, only if it has none yet; false otherwise. */
  releaseClock(orderId: string, dueAt: Date): Promise<boolean>;
  /**
   * Sets whether the buyer is in the game, and the deadline with it (null while staff wait for
   * them), only if the readiness is still `from`; false when someone changed it meanwhile.
   */
  changeReadiness(orderId: string, change: { from: Readiness | null; to: Readiness; at: Date; note: string | null; dueAt: Date | null }): Promise<boolean>;
  /** Records the order as late only if it is not yet; false when it was. */
  markLate(orderId: string, lateAt: Date): Promise<boolean>;
  /**
   * Records the compensation only if none is recorded yet (one conditional update); false when
   * another transaction (another process, an earlier run) did it: the "once per order" guard.
   */
  markCompensated(orderId: string, at: Date, points: number): Promise<boolean>;
  /**
   * The next paid, not cancelled order whose deadline is at or before `now` and that is not yet
   * marked late (or, when `compensating`, not yet compensated), earliest deadline first, locked
   * for this transaction. Rows another transaction holds are skipped (PostgreSQL: FOR UPDATE SKIP
   * LOCKED), so several processes share the work without waiting for each other. Null when none.
   * `except` lists ids this run already handled.
   */
  claimOverdue(now: Date, options: { compensating: boolean; except: readonly string[] }): Promise<Order | null>;
  /**
   * The next paid order still pending (nobody started it), not yet warned about, whose deadline is
   * between `now` and `now + withinMs`, locked like claimOverdue; null when none.
   */
  claimAtRisk(now: Date, withinMs: number, except: readonly string[]): Promise<Order | null>;
  /** Records that staff were warned about the order, only if they were not yet; false when they were. */
  markAtRisk(orderId: string, at: Date): Promise<boolean>;
  /** Records when a gamepass order's Robux should appear (null clears it, when the order is reopened). */
  setRobuxDueAt(orderId: string, at: Date | null): Promise<void>;
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
