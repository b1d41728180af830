import { paymentMethodsOf, type PaymentMethod, type PaymentProviderName } from "#domain/payments/payment-methods.ts";
import type { Config } from "./config.ts";

/**
 * THE payment methods this store is configured with (issue 47), as every page names them: the
 * Terms, the FAQ, the Refund Policy, the home, About and How It Works pages, through
 * `app.paymentMethods`. The one place the configuration's providers become the pages' words: a
 * provider added to the configuration is named on every page through this function.
 */
export function configuredPaymentMethods(config: Pick<Config, "payments">): PaymentMethod[] {
  return paymentMethodsOf(config.payments.providers);
}

/** The ways to pay the checkout offers, the default first (GET /api/checkout/providers and the checkout page): Stripe's with its publishable key. */
export function checkoutProviders(config: Pick<Config, "payments">): { id: PaymentProviderName; label: string; publishableKey?: string }[] {
  const stripe = config.payments.stripe;
  return paymentMethodsOf(config.payments.providers).map((method) => ({
    id: method.provider,
    label: method.name,
    ...(method.provider === "stripe" && stripe ? { publishableKey: stripe.publishableKey } : {}),
  }));
}
