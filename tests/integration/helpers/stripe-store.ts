import { afterAll, expect } from "vitest";
import { SHOPPERS_FROM_ONE_ADDRESS } from "#bench/lib/store-server.ts";
import * as cart from "#src/pages/api/cart/index.ts";
import * as prepare from "#src/pages/api/checkout/prepare.ts";
import * as intentCapture from "#src/pages/stripe/payment-intent/[id]/capture.ts";
import * as intent from "#src/pages/stripe/payment-intent/index.ts";
import * as webhook from "#src/pages/stripe/webhook.ts";
import { claimFor, product, type signIn } from "./shoppers.ts";
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

type StripeStore = Awaited<ReturnType<typeof createStripeTestStore>>;
type Buyer = Awaited<ReturnType<typeof signIn>>;
/** The item the Stripe tests buy: $19.99. */
export const STRIPE_ITEM = "1,700 Robux Pack";

/** The buyer's checkout of one STRIPE_ITEM, prepared, and its PaymentIntent opened as the Payment Element asks for it. */
export async function openStripeIntent({ store }: StripeStore, buyer: Buyer) {
  const item = await product(store, STRIPE_ITEM);
  expect((await buyer.call(cart.POST, "/api/cart", { body: { productId: item.id, quantity: 1 } })).status).toBeLessThan(300);
  const prepared = await buyer.call(prepare.POST, "/api/checkout/prepare", { body: await claimFor(buyer) });
  expect(prepared.status, JSON.stringify(prepared.body)).toBe(201);
  const res = await buyer.call(intent.POST, "/stripe/payment-intent", { body: { checkoutId: prepared.body.id } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id as string, clientSecret: res.body.clientSecret as string, checkoutId: prepared.body.id as string };
}

/** The store's capture of a PaymentIntent Stripe.js confirmed. */
export const captureStripeIntent = (buyer: Buyer, id: string) =>
  buyer.call(intentCapture.POST, `/stripe/payment-intent/${id}/capture`, { params: { id }, body: {} });

/** A card payment of one STRIPE_ITEM: confirmed in the browser with `outcome` (3-D Secure still open: requires_action), then captured. */
export async function payWithStripe(shop: StripeStore, buyer: Buyer, outcome: "succeeded" | "requires_action" = "succeeded") {
  const opened = await openStripeIntent(shop, buyer);
  shop.stripe.confirm(opened.id, outcome);
  const res = await captureStripeIntent(buyer, opened.id);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...opened, order: res.body.order as { id: string }, status: res.body.status as string };
}

/** A Stripe webhook delivery to POST /stripe/webhook of this store. */
export const deliverStripeEvent = ({ store }: StripeStore, delivery: { headers: Record<string, string>; body: string }) =>
  store.call(webhook.POST, "/stripe/webhook", { rawBody: delivery.body, headers: delivery.headers });
