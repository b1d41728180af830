import { afterAll } from "vitest";
import { SHOPPERS_FROM_ONE_ADDRESS } from "#bench/lib/store-server.ts";
import { manualClock } from "../../fakes/in-memory-shopping.ts";
import { startStripeFixtureServer } from "../../support/stripe-fixture-server.ts";
import { createTestApp } from "./test-app.ts";

/** The Stripe variables of a store whose SDK talks to this fixture server. */
export function stripeEnv(stripe: Awaited<ReturnType<typeof startStripeFixtureServer>>) {
  return {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.apiUrl,
  };
}

/**
 * A test store taking the sandbox and Stripe (PAYMENT_PROVIDERS=sandbox,stripe) through the real
 * Stripe adapter and SDK, which talk over the network to a local server replaying Stripe's
 * documented answers (closed when the file ends), on a clock the test moves.
 */
export async function createStripeTestStore(env: Record<string, string> = {}) {
  const stripe = await startStripeFixtureServer();
  afterAll(() => stripe.close());
  const clock = manualClock(new Date().toISOString());
  const store = await createTestApp({
    clock,
    env: { ...SHOPPERS_FROM_ONE_ADDRESS, PAYMENT_PROVIDERS: "sandbox,stripe", ...stripeEnv(stripe), ...env },
  });
  return { stripe, clock, store };
}
