import { createPayPalGateway } from "#adapters/payments/paypal-gateway.ts";
import { createSandboxGateway } from "#adapters/payments/sandbox-gateway.ts";
import { createStripeGateway } from "#adapters/payments/stripe-gateway.ts";
import type { PaymentGateway, PaymentGateways, PaymentProvider } from "#domain/payments/payment-gateway.port.ts";
import { paymentGateways } from "#domain/payments/payment-gateways.ts";
import type { Clock } from "#domain/shared/clock.port.ts";
import type { Config } from "./config.ts";

type Deps = { clock: Clock; log?: { warn: (obj: object, msg: string) => void }; shopName?: string };

/** One provider's gateway, with its credentials (paymentsConfig checked they are there). */
function gatewayOf(provider: PaymentProvider, config: Config["payments"], deps: Deps): PaymentGateway {
  if (provider === "sandbox") return createSandboxGateway({ clock: deps.clock, pendingMs: config.pendingSeconds * 1000 });
  if (provider === "stripe") {
    const stripe = config.stripe!;
    return createStripeGateway({
      secretKey: stripe.secretKey,
      apiUrl: stripe.apiUrl,
      webhookSecret: stripe.webhookSecret,
      timeoutMs: stripe.timeoutSeconds * 1000,
      // Stripe's request id is what Stripe support asks for: every failure is logged with it.
      onFailure: (failure) =>
        deps.log?.warn({ stripe: failure }, `Stripe ${failure.operation} failed${failure.requestId ? ` (request ${failure.requestId})` : ""}`),
    });
  }
  const paypal = config.paypal!;
  return createPayPalGateway({
    clientId: paypal.clientId,
    clientSecret: paypal.clientSecret,
    apiBase: paypal.apiBase,
    webhookId: paypal.webhookId,
    timeoutMs: paypal.timeoutSeconds * 1000,
    ...(deps.shopName ? { brandName: deps.shopName } : {}),
    // PayPal's debug_id is what PayPal support asks for: every failure is logged with it.
    onFailure: (failure) => deps.log?.warn({ paypal: failure }, `PayPal ${failure.operation} failed${failure.debugId ? ` (debug_id ${failure.debugId})` : ""}`),
  });
}

/** How shoppers pay (PAYMENT_PROVIDERS): a gateway for each configured provider, the default first; built once by the composition root. */
export function createPaymentGateways(config: Config["payments"], deps: Deps = { clock: { now: () => new Date() } }): PaymentGateways {
  return paymentGateways(config.providers.map((provider) => gatewayOf(provider, config, deps)));
}
