import type { PaymentProvider, SandboxOutcome } from "#domain/payments/payment-gateway.port.ts";
import type { RouteContext } from "./http.ts";
import { requireUser } from "./guards.ts";

/**
 * Opens the payment of the shopper's prepared checkout with `provider` (the shopper's choice), or of
 * the checkout a parent's link pays when `payToken` is given (no session needed: the token pays that
 * one checkout). A minor's own call: 403 parent_must_pay.
 */
export async function startPaymentFor(
  context: Pick<RouteContext, "locals">,
  input: { provider: PaymentProvider; payToken?: string | undefined; sandboxOutcome?: SandboxOutcome | undefined },
) {
  const { app } = context.locals;
  const options = { provider: input.provider, ...(input.sandboxOutcome ? { sandboxOutcome: input.sandboxOutcome } : {}) };
  if (input.payToken) return app.ordering.startParentPayment({ token: input.payToken, ...options });
  const user = await requireUser(context);
  return app.ordering.startPayment({ userId: user.id, birthDate: user.birthDate, ...options });
}
