import { isFrozen, type ChargebackKind } from "../risk/chargeback.ts";
import { balanceOnHold } from "../risk/risk.errors.ts";
import type { Cents } from "../shared/money.ts";
import type { Order } from "./order.ts";
import type { OrderingRepositories } from "./ordering-repositories.port.ts";

type Repos = Pick<OrderingRepositories, "chargebacks">;

/**
 * A dispute opened or a reversal recorded on `order`, in the transaction that records it on the order
 * (settle-payment.ts): remembered once for the Risk view, and the account's store credit and points
 * frozen until staff clear it (a second chargeback freezes a cleared account again). The account's
 * next orders are held by the `past_dispute` rule, which reads the orders themselves.
 */
export async function rememberChargeback(repos: Repos, order: Pick<Order, "id" | "userId">, kind: ChargebackKind, amount: Cents, at: Date): Promise<void> {
  const recorded = await repos.chargebacks.record({
    orderId: order.id,
    kind,
    userId: order.userId,
    at,
    amount: Math.max(0, amount),
    outcome: null,
    resolvedAt: null,
  });
  if (recorded) await repos.chargebacks.freeze(order.userId, order.id, at);
}

/** Refuses spending store credit of a frozen account (checkout prepare, and again when the order is placed). */
export async function refuseFrozenCredit(repos: Repos, userId: string, creditWanted: boolean): Promise<void> {
  if (!creditWanted) return;
  if (isFrozen(await repos.chargebacks.freezeOf(userId))) throw balanceOnHold();
}
