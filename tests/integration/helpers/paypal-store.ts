import { afterAll } from "vitest";
import { SHOPPERS_FROM_ONE_ADDRESS } from "#bench/lib/store-server.ts";
import { manualClock } from "../../fakes/in-memory-shopping.ts";
import { startPayPalFixtureServer } from "../../support/paypal-fixture-server.ts";
import { createTestApp } from "./test-app.ts";

/**
 * A test store paying through the real PayPal adapter, which talks over the network to a local
 * server replaying PayPal's documented responses (closed when the file ends), on a clock the test
 * moves; its shoppers all call from this one address, so the per-address limits are lifted. `env`
 * adds the file's own settings.
 */
export async function createPayPalTestStore(env: Record<string, string> = {}) {
  const paypal = await startPayPalFixtureServer();
  afterAll(() => paypal.close());
  const clock = manualClock(new Date().toISOString());
  const store = await createTestApp({
    clock,
    env: {
      ...SHOPPERS_FROM_ONE_ADDRESS,
      PAYMENT_PROVIDER: "paypal",
      PAYPAL_CLIENT_ID: paypal.credentials.clientId,
      PAYPAL_CLIENT_SECRET: paypal.credentials.clientSecret,
      PAYPAL_API_BASE: paypal.apiBase,
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
      ...env,
    },
  });
  return { paypal, clock, store };
}
