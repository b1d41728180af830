import type { PaymentGateways } from "./payment-gateway.port.ts";
import { webhookNotVerified } from "./payments.errors.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import type { PaymentsRepositories } from "./payments-repositories.port.ts";
import { applyProviderEvent } from "./settle-payment.ts";

/**
 * A webhook delivery from the payment provider: verified with the provider first (an unverified or
 * malformed delivery is a 400 and changes nothing), then applied to its order in the transaction
 * that records the event's id, so each event is processed once however often it is delivered
 * (a replay answers "duplicate"). Each provider has its own webhook address, so the delivery is
 * verified by the gateway of the provider that sent it (PayPal's verify-webhook-signature, Stripe's
 * Stripe-Signature): another provider's forged event is never believed.
 */
export async function handlePaymentWebhook(
  input: { provider: string; headers: Record<string, string>; body: string },
  deps: { unitOfWork: UnitOfWork<PaymentsRepositories>; gateways: PaymentGateways; clock: Clock; ids: IdGenerator },
): Promise<{ eventId: string; result: "applied" | "unchanged" | "unknown_order" | "duplicate" }> {
  const event = await deps.gateways.of(input.provider).verifyWebhook({ headers: input.headers, body: input.body });
  if (!event) throw webhookNotVerified();
  const result = await deps.unitOfWork.run(async (repos) => {
    if (!(await repos.payments.markEventProcessed(event.id, event.type, deps.clock.now()))) return "duplicate" as const;
    return applyProviderEvent(repos, event, { ...deps, provider: input.provider });
  });
  return { eventId: event.id, result };
}
