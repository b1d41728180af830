import type { Order } from "../orders/order.ts";
import type { Cents } from "../shared/money.ts";

/**
 * What follows a payment the provider settles, beyond the payment itself, inside the transaction
 * that records it: the order's risk check and delivery clock once the money is in, the memory of a
 * dispute or reversal. The risk module implements it (its paymentOutcomes, bound to the order
 * transaction where the modules are composed), as the rewards module implements OrderRewards:
 * payments comes before risk in the modules' order, so it names nothing of risk.
 */
export interface PaymentOutcomes {
  /**
   * A payment held for review completed: the order becomes paid (risk's orderPaid, the one place
   * that happens). Answers the order with its clock.
   */
  orderPaid(order: Order, note: string, at: Date): Promise<Order>;
  /** The buyer opened a dispute, or the provider reversed the payment, over `amount` of it. */
  chargeback(order: Pick<Order, "id" | "userId">, kind: "dispute" | "reversal", amount: Cents, at: Date): Promise<void>;
  /** A dispute ended with the provider's `outcome`. */
  disputeEnded(order: Pick<Order, "id" | "userId">, outcome: string | null, at: Date): Promise<void>;
}
