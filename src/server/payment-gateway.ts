import { createPayPalGateway } from "#adapters/payments/paypal-gateway.ts";
import { createSandboxGateway } from "#adapters/payments/sandbox-gateway.ts";
import type { PaymentGateway } from "#domain/payments/payment-gateway.port.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { Config } from "./config.ts";

/** How shoppers pay (PAYMENT_PROVIDER): the sandbox, or PayPal with its credentials; built once by the composition root. */
export function createPaymentGateway(
  config: Config["payments"],
  deps: { clock: Clock; log?: { warn: (obj: object, msg: string) => void }; shopName?: string } = { clock: { now: () => new Date() } },
): PaymentGateway {
  if (config.provider === "sandbox") return createSandboxGateway({ clock: deps.clock, pendingMs: config.pendingSeconds * 1000 });
  return createPayPalGateway({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    apiBase: config.apiBase,
    webhookId: config.webhookId,
    timeoutMs: config.timeoutSeconds * 1000,
    ...(deps.shopName ? { brandName: deps.shopName } : {}),
    // PayPal's debug_id is what PayPal support asks for: every failure is logged with it.
    onFailure: (failure) => deps.log?.warn({ paypal: failure }, `PayPal ${failure.operation} failed${failure.debugId ? ` (debug_id ${failure.debugId})` : ""}`),
  });
}
