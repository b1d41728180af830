import type { DeliveryPolicy } from "../fulfilment/delivery.ts";
import type { PaymentOutcomes } from "../payments/payment-outcomes.port.ts";
import { rememberChargeback, rememberDisputeEnd } from "./chargeback-memory.ts";
import { orderPaid } from "./order-paid.ts";
import type { RiskRepositories } from "./risk-repositories.port.ts";

/**
 * The risk module's side of a settled payment (the payments module's PaymentOutcomes), on the
 * repositories of the transaction that settles it: the money in runs the risk check (orderPaid,
 * with the shop's delivery promise), a dispute or reversal is remembered and freezes the account.
 */
export function paymentOutcomes(
  repos: Pick<RiskRepositories, "payments" | "orders" | "timeline" | "risk" | "mail" | "events" | "chargebacks" | "terms">,
  delivery: DeliveryPolicy,
): PaymentOutcomes {
  return {
    orderPaid: (order, note, at) => orderPaid(repos, order, { note, at, delivery }),
    chargeback: (order, kind, amount, at) => rememberChargeback(repos, order, kind, amount, at),
    disputeEnded: (order, outcome, at) => rememberDisputeEnd(repos, order, outcome, at),
  };
}
