import { chargebackResult, isFrozen, type ChargebackKind } from "./chargeback.ts";
import { balanceOnHold } from "./risk.errors.ts";
import type { Cents } from "../shared/money.ts";
import type { Order } from "../orders/order.ts";
import type { RiskRepositories } from "./risk-repositories.port.ts";

type Repos = Pick<RiskRepositories, "chargebacks" | "events">;

/**
 * A dispute opened or a reversal recorded on `order`, in the transaction that records it on the order
 * (settle-payment.ts): remembered once for the Risk view and the analytics (ChargebackRecorded), and the account's store credit and points
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
  if (!recorded) return;
  await repos.chargebacks.freeze(order.userId, order.id, at);
  await repos.events.append({
    type: "ChargebackRecorded",
    occurredAt: at,
    visitorId: null,
    userId: order.userId,
    payload: { orderId: order.id, kind, amount: Math.max(0, amount) },
  });
}

/** A dispute ended with PayPal's `outcome`: its result remembered, and DisputeEnded says whether the shop lost its money. */
export async function rememberDisputeEnd(repos: Repos, order: Pick<Order, "id" | "userId">, outcome: string | null, at: Date): Promise<void> {
  await repos.chargebacks.resolve(order.id, outcome, at);
  const lost = chargebackResult({ kind: "dispute", outcome, resolvedAt: at }) === "lost";
  await repos.events.append({ type: "DisputeEnded", occurredAt: at, visitorId: null, userId: order.userId, payload: { orderId: order.id, outcome, lost } });
}

/** Refuses spending store credit of a frozen account (checkout prepare, and again when the order is placed). */
export async function refuseFrozenCredit(repos: Pick<Repos, "chargebacks">, userId: string, creditWanted: boolean): Promise<void> {
  if (!creditWanted) return;
  if (isFrozen(await repos.chargebacks.freezeOf(userId))) throw balanceOnHold();
}
