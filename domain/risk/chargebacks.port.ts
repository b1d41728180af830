import type { AccountFreeze, Chargeback } from "./chargeback.ts";

/** Chargebacks and account freezes (issue 37), in the caller's transaction. */
export interface Chargebacks {
  /** Records a dispute or reversal once per order and kind; false when it already was. */
  record(chargeback: Chargeback): Promise<boolean>;
  /** A dispute ended: its outcome (PayPal's code, or null when unnamed). */
  resolve(orderId: string, outcome: string | null, at: Date): Promise<void>;
  /** Freezes the account (again, if it was cleared), naming the order that froze it. */
  freeze(userId: string, orderId: string, at: Date): Promise<void>;
  freezeOf(userId: string): Promise<AccountFreeze | null>;
  /** Clears a freeze in force; false when there is none. */
  clear(userId: string, clearance: { by: string; note: string; at: Date }): Promise<boolean>;
}
