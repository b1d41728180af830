import { describe, expect, it } from "vitest";
import { signIn } from "./helpers/shoppers.ts";
import { createStripeTestStore, payWithStripe, stripeEnv } from "./helpers/stripe-store.ts";
import { TEST_DATABASE } from "./helpers/test-app.ts";
import { startWorkerProcess } from "./helpers/worker-process.ts";

// Stripe delivers an event at least once, and retries it; behind a load balancer two app processes
// may get the same event at the same moment. Each event must still act once: the payment settled
// once, one refund recorded, one chargeback remembered. Two processes on one database (SQLite's
// file locks, PostgreSQL's row locks and unique keys decide), each handling every delivery twice
// at once, as a redelivery racing the first would.
const shop = await createStripeTestStore();
const { stripe, store } = shop;
let n = 0;
const shopper = () => signIn(store, `twin-hook${++n}@shop.test`);
type Delivery = ReturnType<typeof stripe.event>;
type Results = { eventId: string | null; result: string }[];

/** Two app processes handling `delivery`, each twice at once: every result. */
async function deliverInTwoProcesses(delivery: Delivery): Promise<string[]> {
  const env = { PAYMENT_PROVIDERS: "sandbox,stripe", ...stripeEnv(stripe), DELIVERIES: JSON.stringify([delivery, delivery]) };
  const [a, b] = [startWorkerProcess<Results>("stripe-webhook-worker.ts", store, env), startWorkerProcess<Results>("stripe-webhook-worker.ts", store, env)];
  await new Promise((resolve) => setTimeout(resolve, 1500)); // both have opened the database
  a.go();
  b.go();
  const results = [...(await a.done), ...(await b.done)];
  for (const r of results) expect(r.eventId).toBe(delivery.eventId);
  return results.map((r) => r.result).sort();
}

const historyOf = (orderId: string, kind: string) =>
  store.app.db.selectFrom("payment_history").select("kind").where("orderId", "=", orderId).where("kind", "=", kind).execute();
const orderRow = (id: string) => store.app.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe(`the same Stripe webhook in two app processes at once on ${TEST_DATABASE}`, () => {
  it("payment_intent.succeeded of a 3-D Secure payment: the order becomes paid once", async () => {
    const placed = await payWithStripe(shop, await shopper(), "requires_action");
    expect(await orderRow(placed.order.id)).toMatchObject({ paymentStatus: "awaiting" });
    stripe.confirm(placed.id, "succeeded");
    expect(await deliverInTwoProcesses(stripe.event("event-payment-intent-succeeded", placed.id))).toEqual(["applied", "duplicate", "duplicate", "duplicate"]);
    expect(await orderRow(placed.order.id)).toMatchObject({ paymentStatus: "paid" });
    expect(await historyOf(placed.order.id, "paid")).toHaveLength(1);
    const changes = await store.app.db.selectFrom("events").select("payload").where("type", "=", "OrderPaymentChanged").execute();
    expect(changes.filter((e) => String(e.payload).includes(placed.order.id) && String(e.payload).includes('"paid"'))).toHaveLength(1);
  }, 60_000);

  it("charge.refunded of a refund made in Stripe's Dashboard: one refund, the refunded total moved once", async () => {
    const placed = await payWithStripe(shop, await shopper());
    stripe.refundInDashboard(placed.id, 700);
    expect(await deliverInTwoProcesses(stripe.event("event-charge-refunded", placed.id))).toEqual(["applied", "duplicate", "duplicate", "duplicate"]);
    expect(await orderRow(placed.order.id)).toMatchObject({ refundedCents: 700, paymentStatus: "partially_refunded" });
    expect(await store.app.db.selectFrom("refunds").select("amountCents").where("orderId", "=", placed.order.id).execute()).toEqual([{ amountCents: 700 }]);
    const refunded = await store.app.db.selectFrom("events").select("payload").where("type", "=", "OrderRefunded").execute();
    expect(refunded.filter((e) => String(e.payload).includes(placed.order.id))).toHaveLength(1);
  }, 60_000);

  it("charge.dispute.created: one chargeback in the memory, the dispute opened once", async () => {
    const placed = await payWithStripe(shop, await shopper());
    expect(await deliverInTwoProcesses(stripe.event("event-charge-dispute-created", placed.id))).toEqual(["applied", "duplicate", "duplicate", "duplicate"]);
    expect(await orderRow(placed.order.id)).toMatchObject({ disputeStatus: "open" });
    expect(await store.app.db.selectFrom("chargebacks").select("orderId").where("orderId", "=", placed.order.id).execute()).toHaveLength(1);
    expect(await historyOf(placed.order.id, "dispute_opened")).toHaveLength(1);
  }, 60_000);
});
