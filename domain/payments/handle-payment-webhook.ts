import type { PaymentGateway } from "./payment-gateway.port.ts";
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
 * (a replay answers "duplicate").
 */
export async function handlePaymentWebhook(
  input: { headers: Record<string, string>; body: string },
  deps: { unitOfWork: UnitOfWork<PaymentsRepositories>; gateway: Pick<PaymentGateway, "verifyWebhook">; clock: Clock; ids: IdGenerator },
): Promise<{ eventId: string; result: "applied" | "unchanged" | "unknown_order" | "duplicate" }> {
  const event = await deps.gateway.verifyWebhook(input);
  if (!event) throw webhookNotVerified();
  const result = await deps.unitOfWork.run(async (repos) => {
    if (!(await repos.payments.markEventProcessed(event.id, event.type, deps.clock.now()))) return "duplicate" as const;
    return applyProviderEvent(repos, event, deps);
  });
  return { eventId: event.id, result };
}
