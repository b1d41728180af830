import { paymentMethodsOf, type PaymentMethod, type PaymentProviderName } from "#domain/payments/payment-methods.ts";
import type { PaymentsConfig, StripeSettings } from "./payments-config.ts";

/** The payment settings these read: no provider's secret (a route hands its RouteConfig). */
type PaymentChoices = { payments: Pick<PaymentsConfig, "providers"> & { stripe: Pick<StripeSettings, "publishableKey"> | null } };

/**
 * THE payment methods this store is configured with (issue 47), as every page names them: the
 * Terms, the FAQ, the Refund Policy, the home, About and How It Works pages, through
 * `app.paymentMethods`. The one place the configuration's providers become the pages' words: a
 * provider added to the configuration is named on every page through this function.
 */
export function configuredPaymentMethods(config: PaymentChoices): PaymentMethod[] {
  return paymentMethodsOf(config.payments.providers);
}

/** The ways to pay the checkout offers, the default first (GET /api/checkout/providers and the checkout page): Stripe's with its publishable key. */
export function checkoutProviders(config: PaymentChoices): { id: PaymentProviderName; label: string; publishableKey?: string }[] {
  const stripe = config.payments.stripe;
  return paymentMethodsOf(config.payments.providers).map((method) => ({
    id: method.provider,
    label: method.name,
    ...(method.provider === "stripe" && stripe ? { publishableKey: stripe.publishableKey } : {}),
  }));
}
