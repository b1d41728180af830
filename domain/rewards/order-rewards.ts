import type { OrderRewards } from "../orders/order-rewards.port.ts";
import { creditCompletedOrder, creditLateDelivery, debitCancelledOrder, debitRefundedOrder, type OrderRewardsDeps } from "./record-order-rewards.ts";
import type { OrderRewardsLedgers } from "./rewards-repositories.port.ts";
import { giveBackStoreCredit, spendStoreCreditOnOrder } from "./store-credit-at-checkout.ts";

/**
 * The rewards module's order hooks (the OrderRewards port of ordering) on `ledgers` bound to the
 * order's own transaction: points and store credit change with the order or not at all. The
 * composition root hands this to the ordering module (docs/decisions.md, "Wiring rewards into
 * orders and checkout").
 */
export function rewardsOfOrder(ledgers: OrderRewardsLedgers, deps: OrderRewardsDeps): OrderRewards {
  return {
    storeCreditBalance: async (userId) => Math.max(0, (await ledgers.storeCredit.balanceOf(userId)) ?? 0),
    orderCompleted: async (order) => void (await creditCompletedOrder(ledgers, order, deps)),
    orderCancelled: async (order) => void (await debitCancelledOrder(ledgers, order, deps)),
    lateDeliveryCompensation: (order) => creditLateDelivery(ledgers, order, deps),
    spendStoreCredit: (order) => spendStoreCreditOnOrder(ledgers.storeCredit, order, deps),
    orderRefunded: async (order) => void (await debitRefundedOrder(ledgers, order, deps)),
    giveStoreCredit: (input) => giveBackStoreCredit(ledgers.storeCredit, input, deps),
  };
}
