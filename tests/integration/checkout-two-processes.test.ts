import { describe, expect, it } from "vitest";
import { HOLD_MS } from "#domain/checkout/checkout.ts";
import { manualClock } from "../fakes/in-memory-shopping.ts";
import { preparedPayment, product, setStock, signIn } from "./helpers/shoppers.ts";
import { createTestApp } from "./helpers/test-app.ts";
import { ordersOfPayments, startWorkerProcess } from "./helpers/worker-process.ts";

// Two separate app processes on one SQLite file capture the same payments at the same moment. In
// one process requests interleave only at awaits; across processes SQLite's locks decide, so this
// shows the guarantees come from the conditional updates and the unique payment id.
const clock = manualClock(new Date(Date.now() - 12 * HOLD_MS).toISOString());
const store = await createTestApp({
  clock,
  env: { SIGN_IN_LIMIT_PER_MINUTE: "10000", SIGN_UP_LIMIT_PER_MINUTE: "10000", CHECKOUT_PREPARE_LIMIT_PER_MINUTE: "100000" },
});
const env = { DEMO_DATA: "on", PAYMENT_PROVIDER: "sandbox" };
const startWorker = (captures: { userId: string; paymentId: string }[]) =>
  startWorkerProcess<{ paymentId: string; result: string }[]>("capture-worker.ts", store, { ...env, CAPTURES: JSON.stringify(captures) });

describe("two app processes capturing at once", () => {
  it("sell at most the stock and make at most one order per payment", async () => {
    const item = await product(store, "Titanic Cat");
    await setStock(store, item.id, 4);
    const captures: { userId: string; paymentId: string }[] = [];
    for (let i = 0; i < 10; i++) {
      const buyer = await signIn(store, `twin${i}@shop.test`);
      captures.push({ userId: buyer.userId, paymentId: (await preparedPayment(buyer, item.id, 1)).paymentId });
      clock.advance(HOLD_MS + 1); // each prepares after the previous hold expired; all expired on the real clock
    }
    // Both processes get every payment: they race for the units and for each payment.
    const a = startWorker(captures);
    const b = startWorker([...captures].reverse());
    await new Promise((resolve) => setTimeout(resolve, 1500)); // both have opened the database
    a.go();
    b.go();
    const results = [...(await a.done), ...(await b.done)];

    const orders = await ordersOfPayments(
      store.app.db,
      captures.map((c) => c.paymentId),
    );
    expect(orders).toHaveLength(4);
    expect(new Set(orders.map((o) => o.paymentId)).size).toBe(4);
    expect((await product(store, "Titanic Cat")).stock).toBe(0);
    expect(results.filter((r) => r.result === "placed")).toHaveLength(4);
    // Every other answer is an expected refusal, never a crash or a busy database.
    for (const r of results) expect(r.result).toMatch(/^(placed|already_captured|conflict: .*(out of stock|Only \d+ of Titanic Cat available).*)$/);
    const placed = await store.app.db.selectFrom("events").select("payload").where("type", "=", "OrderPlaced").execute();
    expect(placed).toHaveLength(4);
  }, 60_000);
});
