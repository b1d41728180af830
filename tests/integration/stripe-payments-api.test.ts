import { execFile } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as refunds from "#src/pages/api/admin/orders/[id]/refunds.ts";
import * as providers from "#src/pages/api/checkout/providers.ts";
import * as prepare from "#src/pages/api/checkout/prepare.ts";
import * as cart from "#src/pages/api/cart/index.ts";
import * as orders from "#src/pages/api/orders/index.ts";
import * as intent from "#src/pages/stripe/payment-intent/index.ts";
import * as paypalOrder from "#src/pages/paypal/order/index.ts";
import * as paypalCapture from "#src/pages/paypal/order/[id]/capture.ts";
import { claimFor, product, signIn, signInAdmin } from "./helpers/shoppers.ts";
import {
  captureStripeIntent,
  createStripeTestStore,
  deliverStripeEvent,
  openStripeIntent,
  payWithStripe,
  STRIPE_ITEM as ITEM,
  stripeEnv,
} from "./helpers/stripe-store.ts";
import { TEST_DATABASE } from "./helpers/test-app.ts";

// Stripe beside the sandbox (PAYMENT_PROVIDERS=sandbox,stripe): the real adapter and SDK against
// Stripe's documented answers (tests/fixtures/stripe/), taking the same paths as PayPal's: a card
// payment, a 3-D Secure one settled by webhook, a declined one, refunds, disputes into the
// chargeback memory, webhooks verified by Stripe-Signature, and reconciliation in two processes.
const shop = await createStripeTestStore({ PAYMENT_RECONCILE_SECONDS: "60" });
const { stripe, store } = shop;
const admin = await signInAdmin(store);
let n = 0;
type Browser = Awaited<ReturnType<typeof signIn>>;
const shopper = () => signIn(store, `st${++n}@shop.test`);

const openIntent = (buyer: Browser) => openStripeIntent(shop, buyer);
const capture = captureStripeIntent;
const pay = (buyer: Browser, outcome?: "succeeded" | "requires_action") => payWithStripe(shop, buyer, outcome);
const deliver = (delivery: { headers: Record<string, string>; body: string }) => deliverStripeEvent(shop, delivery);
const myOrder = async (buyer: Browser, id: string) => ((await buyer.call(orders.GET, "/api/orders")).body as any[]).find((o) => o.id === id);
const row = (id: string) => store.app.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe(`Stripe payments on ${TEST_DATABASE}`, () => {
  it("lists the configured providers, the sandbox first (the default), Stripe with its publishable key", async () => {
    const res = await store.call(providers.GET, "/api/checkout/providers");
    expect(res.body).toEqual([
      { id: "sandbox", label: "Test payment" },
      { id: "stripe", label: "Card", publishableKey: stripe.publishableKey },
    ]);
  });

  it("a card payment: the PaymentIntent is created once with the store's idempotency key, its capture places the order paid by Stripe, with Stripe's risk facts", async () => {
    const buyer = await shopper();
    const opened = await openIntent(buyer);
    expect(opened.clientSecret).toBe(`${opened.id}_secret_fixture`);
    const created = stripe.calls.filter((c) => c.method === "POST" && c.path === "/v1/payment_intents");
    expect(created.at(-1)).toMatchObject({
      idempotencyKey: `create-${opened.checkoutId}`,
      body: { amount: "1999", currency: "usd", "metadata[checkout_id]": opened.checkoutId },
    });
    // Asking again answers the same PaymentIntent (no second one).
    const again = await buyer.call(intent.POST, "/stripe/payment-intent", { body: { checkoutId: opened.checkoutId } });
    expect(again.body).toMatchObject({ id: opened.id, clientSecret: opened.clientSecret });
    expect(stripe.calls.filter((c) => c.method === "POST" && c.path === "/v1/payment_intents")).toHaveLength(created.length);
    stripe.facts(opened.id, { cardCountry: "gb", payerEmail: "Parent@Example.com", riskLevel: "elevated" });
    stripe.confirm(opened.id, "succeeded");
    const res = await capture(buyer, opened.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: "COMPLETED" });
    expect(await row(res.body.order.id)).toMatchObject({ paymentProvider: "stripe", paymentId: opened.id, captureId: opened.id, paymentStatus: "paid" });
    const party = await store.app.db.selectFrom("order_payers").selectAll().where("orderId", "=", res.body.order.id).executeTakeFirstOrThrow();
    expect(party).toMatchObject({ payerEmail: "parent@example.com", payerCountry: "GB", payerId: "xt5ewllds7fjjr1c", providerRisk: "elevated" });
    // Radar's verdict is one of the risk reasons the order was scored with.
    expect((await row(res.body.order.id)).riskReasons).toContain("payment provider's own fraud check");
    // A second capture changes nothing: 409 naming the order.
    expect((await capture(buyer, opened.id)).status).toBe(409);
  });

  it("a checkoutId that is not the shopper's prepared checkout is a 409, a missing one a 400", async () => {
    const buyer = await shopper();
    const opened = await openIntent(buyer);
    expect((await buyer.call(intent.POST, "/stripe/payment-intent", { body: { checkoutId: "someone-else" } })).status).toBe(409);
    expect((await buyer.call(intent.POST, "/stripe/payment-intent", { body: {} })).status).toBe(400);
    expect(opened.id).toMatch(/^pi_/);
  });

  it("Stripe out of reach: opening the PaymentIntent is a 502 payment_provider_unreachable that says card payments are unavailable; the sandbox still pays the same checkout", async () => {
    const buyer = await shopper();
    const item = await product(store, ITEM);
    expect((await buyer.call(cart.POST, "/api/cart", { body: { productId: item.id, quantity: 1 } })).status).toBeLessThan(300);
    const prepared = await buyer.call(prepare.POST, "/api/checkout/prepare", { body: await claimFor(buyer) });
    stripe.setUnreachable(true);
    try {
      const res = await buyer.call(intent.POST, "/stripe/payment-intent", { body: { checkoutId: prepared.body.id } });
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ code: "payment_provider_unreachable" });
      expect(res.body.error).toMatch(/^Card payments are unavailable right now.*Nothing was charged/);
    } finally {
      stripe.setUnreachable(false);
    }
    const checkout = await store.app.db.selectFrom("checkouts").select(["paymentId"]).where("id", "=", prepared.body.id).executeTakeFirstOrThrow();
    expect(checkout.paymentId).toBeNull();
    const opened = await buyer.call(paypalOrder.POST, "/paypal/order", { body: { sandboxOutcome: "approve" } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const paid = await buyer.call(paypalCapture.POST, `/paypal/order/${opened.body.id}/capture`, { params: { id: opened.body.id }, body: {} });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(await row(paid.body.order.id)).toMatchObject({ paymentProvider: "sandbox", paymentStatus: "paid" });
  });

  it("3-D Secure: requires_action places the order awaiting payment; payment_intent.succeeded makes it paid, once however often it is delivered", async () => {
    const buyer = await shopper();
    const placed = await pay(buyer, "requires_action");
    expect(placed.status).toBe("PENDING");
    expect(await myOrder(buyer, placed.order.id)).toMatchObject({ paymentStatus: "awaiting" });
    stripe.confirm(placed.id, "succeeded");
    const delivery = stripe.event("event-payment-intent-succeeded", placed.id);
    const [first, second] = await Promise.all([deliver(delivery), deliver(delivery)]);
    expect([first.body.result, second.body.result].sort()).toEqual(["applied", "duplicate"]);
    expect(await myOrder(buyer, placed.order.id)).toMatchObject({ paymentStatus: "paid" });
    expect((await deliver(delivery)).body).toMatchObject({ result: "duplicate" });
    const order = await myOrder(buyer, placed.order.id);
    expect(order.paymentHistory.filter((h: any) => h.kind === "paid")).toHaveLength(1);
  });

  it("a failed 3-D Secure check (payment_intent.payment_failed) cancels the awaiting order", async () => {
    const buyer = await shopper();
    const placed = await pay(buyer, "requires_action");
    stripe.confirm(placed.id, "card_declined");
    expect((await deliver(stripe.event("event-payment-intent-payment-failed", placed.id))).body).toMatchObject({ result: "applied" });
    expect(await myOrder(buyer, placed.order.id)).toMatchObject({ paymentStatus: "denied", status: "cancelled" });
  });

  it("a declined card is a 402 the buyer can retry on the same PaymentIntent; nothing is placed until it succeeds", async () => {
    const buyer = await shopper();
    const opened = await openIntent(buyer);
    stripe.confirm(opened.id, "card_declined");
    const declined = await capture(buyer, opened.id);
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ restart: true });
    expect(declined.body.error).toMatch(/declined/);
    expect((await buyer.call(orders.GET, "/api/orders")).body).toEqual([]);
    stripe.confirm(opened.id, "succeeded");
    expect((await capture(buyer, opened.id)).status).toBe(201);
  });

  it("a forged, tampered, stale or unsigned webhook is a 400 and changes nothing", async () => {
    const buyer = await shopper();
    const placed = await pay(buyer, "requires_action");
    const genuine = stripe.event("event-payment-intent-succeeded", placed.id);
    expect((await deliver({ headers: genuine.headers, body: genuine.body.replace('"succeeded"', '"succeeded" ') })).status).toBe(400);
    expect((await deliver(stripe.event("event-payment-intent-succeeded", placed.id, {}, "whsec_someone_else"))).status).toBe(400);
    expect((await deliver({ headers: {}, body: genuine.body })).status).toBe(400);
    const stale = `t=${Math.floor(Date.now() / 1000) - 3600},v1=${genuine.headers["stripe-signature"]!.split("v1=")[1]}`;
    expect((await deliver({ headers: { "stripe-signature": stale }, body: genuine.body })).status).toBe(400);
    expect(await myOrder(buyer, placed.order.id)).toMatchObject({ paymentStatus: "awaiting" });
    expect((await deliver(genuine)).body).toMatchObject({ result: "applied" });
  });

  it("a refund goes through Stripe with the refund's own idempotency key; charge.refunded about it changes nothing more; a Dashboard refund is recorded once", async () => {
    const buyer = await shopper();
    const placed = await pay(buyer);
    const res = await admin.call(refunds.POST, `/api/admin/orders/${placed.order.id}/refunds`, {
      params: { id: placed.order.id },
      body: { amount: "5.00", destination: "payment", reason: "late delivery" },
      headers: { "idempotency-key": "st-refund-1" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const call = stripe.calls.filter((c) => c.path === "/v1/refunds" && c.method === "POST").at(-1)!;
    expect(call).toMatchObject({ idempotencyKey: `refund-${res.body.id}`, body: { payment_intent: placed.id, amount: "500" } });
    expect((await deliver(stripe.event("event-charge-refunded", placed.id))).body).toMatchObject({ result: "unchanged" });
    stripe.refundInDashboard(placed.id, 300);
    const dashboard = stripe.event("event-charge-refunded", placed.id);
    expect((await deliver(dashboard)).body).toMatchObject({ result: "applied" });
    expect((await deliver(dashboard)).body).toMatchObject({ result: "duplicate" });
    expect(await row(placed.order.id)).toMatchObject({ refundedCents: 800 });
    // The rest (no amount): what the payment took less both refunds, once.
    const rest = await admin.call(refunds.POST, `/api/admin/orders/${placed.order.id}/refunds`, {
      params: { id: placed.order.id },
      body: { destination: "payment", reason: "all of it" },
      headers: { "idempotency-key": "st-refund-2" },
    });
    expect(rest.status).toBe(201);
    expect(stripe.calls.filter((c) => c.path === "/v1/refunds" && c.method === "POST").at(-1)!.body).toMatchObject({ amount: "1199" });
    expect(await row(placed.order.id)).toMatchObject({ refundedCents: 1999 });
  });

  it("a dispute opens the order's chargeback in the memory; closed lost, it is a lost chargeback", async () => {
    const buyer = await shopper();
    const placed = await pay(buyer);
    expect((await deliver(stripe.event("event-charge-dispute-created", placed.id))).body).toMatchObject({ result: "applied" });
    expect(await myOrder(buyer, placed.order.id)).toMatchObject({ disputeStatus: "open" });
    const chargebacks = () => store.app.db.selectFrom("chargebacks").selectAll().where("orderId", "=", placed.order.id).execute();
    expect(await chargebacks()).toHaveLength(1);
    expect((await deliver(stripe.event("event-charge-dispute-closed", placed.id, { disputeStatus: "lost" }))).body).toMatchObject({ result: "applied" });
    expect(await myOrder(buyer, placed.order.id)).toMatchObject({ disputeStatus: "resolved" });
    expect((await chargebacks())[0]).toMatchObject({ outcome: "lost" });
  });

  it("`payments reconcile` in two processes at once: a 3-D Secure payment whose webhook never came is asked about by exactly one, and settled once", async () => {
    const placed: Awaited<ReturnType<typeof pay>>[] = [];
    for (let i = 0; i < 4; i++) placed.push(await pay(await shopper(), "requires_action"));
    for (const p of placed) stripe.confirm(p.id, "succeeded");
    const before = stripe.calls.length;
    await Promise.all([reconcileInAnotherProcess(), reconcileInAnotherProcess()]);
    const asked = stripe.calls.slice(before).filter((c) => c.method === "GET" && c.path.startsWith("/v1/payment_intents/"));
    for (const p of placed) expect(asked.filter((c) => c.path.endsWith(`/${p.id}`))).toHaveLength(1);
    for (const p of placed) {
      expect(await row(p.order.id)).toMatchObject({ paymentStatus: "paid" });
      const paid = await store.app.db.selectFrom("payment_history").select("kind").where("orderId", "=", p.order.id).where("kind", "=", "paid").execute();
      expect(paid).toHaveLength(1);
    }
  }, 90_000);
});

/** `npm run cli -- payments reconcile` as its own process on the same database and Stripe. */
function reconcileInAnotherProcess(): Promise<string> {
  const cli = join(import.meta.dirname, "../../scripts/cli.ts");
  const env = {
    PATH: process.env["PATH"] ?? "",
    DATABASE_URL: store.config.databaseUrl,
    DATA_DIR: store.config.dataDir,
    LOG_LEVEL: "silent",
    PUBLIC_URL: store.config.publicUrl,
    PAYMENT_PROVIDERS: "sandbox,stripe",
    ...stripeEnv(stripe),
  };
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [cli, "payments", "reconcile"], { env, cwd: join(import.meta.dirname, "../..") }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
    );
  });
}
