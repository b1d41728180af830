import type { OrderRewards } from "../../domain/ordering/order-rewards.port.ts";
import { creditCompletedOrder, creditLateDelivery, debitCancelledOrder, debitRefundedOrder } from "../../domain/rewards/record-order-rewards.ts";
import { giveBackStoreCredit, spendStoreCreditOnOrder } from "../../domain/rewards/store-credit-at-checkout.ts";
import type { Clock } from "../../domain/shared/clock.port.ts";
import type { IdGenerator } from "../../domain/shared/id-generator.port.ts";
import type { EventListener } from "./event-log.repository.ts";
import { createRewardsRepositories } from "./rewards.unit-of-work.ts";
import type { Tx } from "../db/database.ts";

export interface OrderRewardsDeps {
  ids: IdGenerator;
  clock: Clock;
  /** POINTS_PER_DOLLAR. */
  pointsPerDollar: number;
}

/** The rewards module's order hooks bound to the order's own transaction `trx`. */
export function createOrderRewards(trx: Tx, listeners: readonly EventListener[], deps: OrderRewardsDeps): OrderRewards {
  const repos = () => createRewardsRepositories(trx, listeners);
  return {
    storeCreditBalance: async (userId) => Math.max(0, (await repos().storeCredit.balanceOf(userId)) ?? 0),
    orderCompleted: async (order) => void (await creditCompletedOrder(repos(), order, deps)),
    orderCancelled: async (order) => void (await debitCancelledOrder(repos(), order, deps)),
    lateDeliveryCompensation: (order) => creditLateDelivery(repos(), order, deps),
    spendStoreCredit: (order) => spendStoreCreditOnOrder(repos().storeCredit, order, deps),
    orderRefunded: async (order) => void (await debitRefundedOrder(repos(), order, deps)),
    giveStoreCredit: (input) => giveBackStoreCredit(repos().storeCredit, input, deps),
  };
}
