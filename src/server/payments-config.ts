import { PAYMENT_PROVIDERS, type PaymentProvider } from "#domain/payments/payment-gateway.port.ts";
import * as z from "zod";

/** The payment variables of config-schema.ts. */
export const PAYMENT_SETTINGS = {
  PAYMENT_PROVIDERS: z
    .string()
    .regex(/^\s*[a-z]+\s*(,\s*[a-z]+\s*)*$/, "must be a comma-separated list such as paypal,stripe")
    .optional()
    .describe(
      "The providers shoppers choose among at checkout, the default first: sandbox, paypal, stripe (e.g. paypal,stripe). Unset: PAYMENT_PROVIDER alone.",
    ),
  PAYMENT_PROVIDER: z
    .enum(PAYMENT_PROVIDERS)
    .default("sandbox")
    .describe(
      "One provider (PAYMENT_PROVIDERS lists several): sandbox (no money moves; refused on an https PUBLIC_URL unless ALLOW_SANDBOX_PAYMENTS=1), paypal or stripe.",
    ),
  STRIPE_SECRET_KEY: z.string().min(1).optional().describe("Stripe secret key (sk_live_... or sk_test_...), with STRIPE_PUBLISHABLE_KEY; needed for stripe."),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional().describe("Stripe publishable key (pk_...), handed to Stripe.js in the browser."),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .min(1)
    .optional()
    .describe("Signing secret (whsec_...) of the Stripe webhook endpoint PUBLIC_URL/stripe/webhook; unset: every Stripe webhook is refused."),
  STRIPE_API_URL: z.url().default("https://api.stripe.com").describe("Stripe API origin (tests point it at a local fixture server)."),
  STRIPE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(120).default(15).describe("Seconds any call to Stripe may take before it is given up."),
} as const;

export interface PayPalSettings {
  clientId: string;
  clientSecret: string;
  apiBase: string;
  webhookId: string | undefined;
  timeoutSeconds: number;
}

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  apiUrl: string;
  timeoutSeconds: number;
}

/** How shoppers pay: the configured providers (the default first) and each one's settings. */
export interface PaymentsConfig {
  /** The default provider: what a checkout that names none pays with. */
  provider: PaymentProvider;
  providers: PaymentProvider[];
  /** SANDBOX_PENDING_SECONDS: how long a sandbox "pending review" payment stays pending. */
  pendingSeconds: number;
  paypal: PayPalSettings | null;
  stripe: StripeSettings | null;
}

type PaymentVariables = {
  PAYMENT_PROVIDERS?: string | undefined;
  PAYMENT_PROVIDER: PaymentProvider;
  PAYPAL_CLIENT_ID?: string | undefined;
  PAYPAL_CLIENT_SECRET?: string | undefined;
  PAYPAL_API_BASE: string;
  PAYPAL_WEBHOOK_ID?: string | undefined;
  PAYPAL_TIMEOUT_SECONDS: number;
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_PUBLISHABLE_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  STRIPE_API_URL: string;
  STRIPE_TIMEOUT_SECONDS: number;
  SANDBOX_PENDING_SECONDS: number;
};

/**
 * PAYMENT_PROVIDERS (or PAYMENT_PROVIDER, a list of one) and each provider's credentials; answers
 * the problem in words when a listed provider is unknown or lacks its credentials.
 */
export function paymentsConfig(c: PaymentVariables): PaymentsConfig | { problem: string } {
  const listed = c.PAYMENT_PROVIDERS ? c.PAYMENT_PROVIDERS.split(",").map((p) => p.trim()) : [c.PAYMENT_PROVIDER];
  const unknown = listed.find((p) => !(PAYMENT_PROVIDERS as readonly string[]).includes(p));
  if (unknown) return { problem: `PAYMENT_PROVIDERS names "${unknown}": the providers are ${PAYMENT_PROVIDERS.join(", ")}` };
  const providers = [...new Set(listed)] as PaymentProvider[];
  const paypal =
    c.PAYPAL_CLIENT_ID && c.PAYPAL_CLIENT_SECRET
      ? {
          clientId: c.PAYPAL_CLIENT_ID,
          clientSecret: c.PAYPAL_CLIENT_SECRET,
          apiBase: c.PAYPAL_API_BASE.replace(/\/+$/, ""),
          webhookId: c.PAYPAL_WEBHOOK_ID,
          timeoutSeconds: c.PAYPAL_TIMEOUT_SECONDS,
        }
      : null;
  const stripe =
    c.STRIPE_SECRET_KEY && c.STRIPE_PUBLISHABLE_KEY
      ? {
          secretKey: c.STRIPE_SECRET_KEY,
          publishableKey: c.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: c.STRIPE_WEBHOOK_SECRET,
          apiUrl: c.STRIPE_API_URL.replace(/\/+$/, ""),
          timeoutSeconds: c.STRIPE_TIMEOUT_SECONDS,
        }
      : null;
  const variable = c.PAYMENT_PROVIDERS ? "PAYMENT_PROVIDERS" : "PAYMENT_PROVIDER";
  if (providers.includes("paypal") && !paypal) return { problem: `${variable}=paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET` };
  if (providers.includes("stripe") && !stripe) return { problem: `${variable}=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY` };
  return {
    provider: providers[0]!,
    providers,
    pendingSeconds: c.SANDBOX_PENDING_SECONDS,
    paypal: providers.includes("paypal") ? paypal : null,
    stripe: providers.includes("stripe") ? stripe : null,
  };
}
