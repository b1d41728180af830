import { describe, expect, it } from "vitest";
import * as games from "#src/pages/api/games/index.ts";
import * as points from "#src/pages/api/points/index.ts";
import * as referrals from "#src/pages/api/referrals.ts";
import * as orderStatus from "#src/pages/api/orders/[id]/status.ts";
import { captureCall, preparedPayment, product, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { expectLedgersBalanced } from "./helpers/rewards.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

// The seam of docs/decisions.md "Wiring rewards into orders and checkout": the order status change
// credits and takes back purchase points (and counts referrals) in its own transaction.
const store = await createTestApp();
const admin = await signInAdmin(store);
const perDollar = store.app.config.pointsPerDollar;
let n = 0;

type Browser = Awaited<ReturnType<typeof signIn>>;

/** A shopper's placed (pending) order of `quantity` × "1,700 Robux Pack" (19.99). */
async function placedOrder(buyer: Browser, quantity = 1) {
  const pack = await product(store, "1,700 Robux Pack");
  const { paymentId } = await preparedPayment(buyer, pack.id, quantity);
  const res = await captureCall(buyer, paymentId);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { orderId: res.body.order.id as string, totalCents: pack.priceCents * quantity };
}

function setStatus(orderId: string, status: string) {
  return admin.call(orderStatus.PATCH, `/api/orders/${orderId}/status`, { method: "PATCH", params: { id: orderId }, body: { status } });
}

async function pointsOf(buyer: Browser): Promise<number> {
  const res = await buyer.call(points.GET, "/api/points");
  expect(res.status).toBe(200);
  return res.body.points as number;
}

async function purchaseEntries(orderId: string) {
  return store.app.db
    .selectFrom("points_ledger")
    .select(["reason", "amount", "reference"])
    .where("reference", "like", `${orderId}#%`)
    .orderBy("reference")
    .execute();
}

describe(`order status → purchase points on ${TEST_DATABASE}`, () => {
  it("completing an order credits POINTS_PER_DOLLAR points per dollar paid, once", async () => {
    const buyer = await signIn(store, `points${++n}@shop.test`);
    const { orderId, totalCents } = await placedOrder(buyer, 2);
    expect(await pointsOf(buyer)).toBe(0);
    expect((await setStatus(orderId, "processing")).status).toBe(200);
    expect(await pointsOf(buyer)).toBe(0);
    expect((await setStatus(orderId, "completed")).status).toBe(200);
    const earned = Math.floor((totalCents * perDollar) / 100);
    expect(earned).toBeGreaterThan(0);
    expect(await pointsOf(buyer)).toBe(earned);
    // Setting "completed" again records nothing.
    expect((await setStatus(orderId, "completed")).status).toBe(200);
    expect(await pointsOf(buyer)).toBe(earned);
    await expectLedgersBalanced(store.app.db);
  });

  it("completed → processing → completed never credits twice (points are held while not cancelled)", async () => {
    const buyer = await signIn(store, `points${++n}@shop.test`);
    const { orderId, totalCents } = await placedOrder(buyer);
    await setStatus(orderId, "completed");
    await setStatus(orderId, "processing");
    await setStatus(orderId, "completed");
    expect(await pointsOf(buyer)).toBe(Math.floor((totalCents * perDollar) / 100));
    expect((await purchaseEntries(orderId)).map((e) => e.reason)).toEqual(["purchase"]);
  });

  it("cancelling a completed order takes the points back; completing it again credits them again, each exactly once", async () => {
    const buyer = await signIn(store, `points${++n}@shop.test`);
    const { orderId, totalCents } = await placedOrder(buyer);
    const earned = Math.floor((totalCents * perDollar) / 100);
    await setStatus(orderId, "completed");
    expect((await setStatus(orderId, "cancelled")).status).toBe(200);
    expect(await pointsOf(buyer)).toBe(0);
    await setStatus(orderId, "cancelled");
    expect(await pointsOf(buyer)).toBe(0);
    await setStatus(orderId, "completed");
    expect(await pointsOf(buyer)).toBe(earned);
    expect(await purchaseEntries(orderId)).toEqual([
      { reason: "purchase", amount: earned, reference: `${orderId}#1` },
      { reason: "purchase_reversal", amount: -earned, reference: `${orderId}#2` },
      { reason: "purchase", amount: earned, reference: `${orderId}#3` },
    ]);
    await expectLedgersBalanced(store.app.db);
  });

  it("a completed order cancelled by way of processing still gives its points back", async () => {
    const buyer = await signIn(store, `points${++n}@shop.test`);
    const { orderId } = await placedOrder(buyer);
    await setStatus(orderId, "completed");
    await setStatus(orderId, "processing");
    await setStatus(orderId, "cancelled");
    expect(await pointsOf(buyer)).toBe(0);
  });

  it("two administrators completing the same order at once credit it once", async () => {
    const buyer = await signIn(store, `points${++n}@shop.test`);
    const { orderId, totalCents } = await placedOrder(buyer);
    const results = await Promise.all([setStatus(orderId, "completed"), setStatus(orderId, "completed"), setStatus(orderId, "completed")]);
    // Each either changed it or found it completed already (or lost the race with a 409).
    for (const res of results) expect([200, 409]).toContain(res.status);
    expect(results.some((r) => r.status === 200)).toBe(true);
    expect(await pointsOf(buyer)).toBe(Math.floor((totalCents * perDollar) / 100));
    expect(await purchaseEntries(orderId)).toHaveLength(1);
    await expectLedgersBalanced(store.app.db);
  });

  it("a status change refused with 409 credits nothing", async () => {
    const buyer = await signIn(store, `points${++n}@shop.test`);
    const { orderId } = await placedOrder(buyer);
    const pack = await product(store, "1,700 Robux Pack");
    await setStatus(orderId, "cancelled");
    await store.app.db.updateTable("products").set({ stock: 0 }).where("id", "=", pack.id).execute();
    expect((await setStatus(orderId, "completed")).status).toBe(409);
    await store.app.db.updateTable("products").set({ stock: 400 }).where("id", "=", pack.id).execute();
    expect(await pointsOf(buyer)).toBe(0);
  });
});

describe(`order status → referrals on ${TEST_DATABASE}`, () => {
  it("the referrer's 10th successful referral (a referred shopper's first completed order) credits 5000 bonus points, once", async () => {
    const referrer = await signIn(store, `referrer${++n}@shop.test`);
    const { code } = (await referrer.call(referrals.GET, "/api/referrals")).body;
    const orderIds: string[] = [];
    for (let i = 1; i <= 10; i++) {
      const browser = store.client();
      await browser.call(games.GET, `/api/games?ref=${code}`);
      const referred = await signIn(store, `referred${n}-${i}@shop.test`, browser);
      orderIds.push((await placedOrder(referred)).orderId);
    }
    for (const orderId of orderIds.slice(0, 9)) expect((await setStatus(orderId, "completed")).status).toBe(200);
    expect(await pointsOf(referrer)).toBe(0);
    expect((await referrer.call(referrals.GET, "/api/referrals")).body).toMatchObject({ signups: 10, successfulReferrals: 9 });

    await setStatus(orderIds[9]!, "completed");
    expect(await pointsOf(referrer)).toBe(5000);
    expect((await referrer.call(referrals.GET, "/api/referrals")).body).toMatchObject({ successfulReferrals: 10, bonusesEarned: 1 });

    // A referred shopper's order completed again (or cancelled and completed) is no new success.
    await setStatus(orderIds[9]!, "cancelled");
    await setStatus(orderIds[9]!, "completed");
    expect(await pointsOf(referrer)).toBe(5000);
    expect((await referrer.call(referrals.GET, "/api/referrals")).body).toMatchObject({ successfulReferrals: 10 });
    await expectLedgersBalanced(store.app.db);
  });
});
