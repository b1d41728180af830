import type { Audited } from "../audit/audit-log.port.ts";
import type { DeliveryPolicy } from "../fulfilment/delivery.ts";
import type { OrderRewards } from "../orders/order-rewards.port.ts";
import { paymentOutcomes } from "../risk/payment-outcomes.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import type { CheckoutRepositories, OrderingStore } from "./checkout-repositories.port.ts";

/**
 * The order's one transaction as the order modules run it, from the adapter's: the rewards module's
 * hooks made from the ledgers of that transaction (the function the composition root hands over,
 * the rewards module's orderRewards) and the risk module's payment outcomes, both bound to it. The
 * four modules (checkout, payments, fulfilment, risk) are each handed this one.
 */
export function orderTransaction<RewardsLedgers>(
  store: UnitOfWork<OrderingStore<RewardsLedgers> & Audited>,
  hooks: { orderRewards: (ledgers: RewardsLedgers) => OrderRewards; delivery: DeliveryPolicy },
): UnitOfWork<CheckoutRepositories & Audited> {
  return {
    run: (work) =>
      store.run(({ rewardsLedgers, ...repositories }) => {
        const bound = { ...repositories, rewards: hooks.orderRewards(rewardsLedgers) };
        return work({ ...bound, outcomes: paymentOutcomes(bound, hooks.delivery) });
      }),
  };
}
