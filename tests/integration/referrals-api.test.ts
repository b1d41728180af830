import { describe, expect, it } from "vitest";
import { randomReferralCodes } from "#adapters/random/referral-code-generator.ts";
import { createRewardsUnitOfWork } from "#adapters/repositories/rewards.unit-of-work.ts";
import { createRewardsModule } from "#domain/rewards/rewards.module.ts";
import * as register from "#src/pages/api/auth/register.ts";
import * as user from "#src/pages/api/auth/user.ts";
import * as games from "#src/pages/api/games/index.ts";
import * as points from "#src/pages/api/points/index.ts";
import * as referrals from "#src/pages/api/referrals.ts";
import { PASSWORD, shopper, signUpAndIn, type Browser } from "./helpers/accounts.ts";
import { expectLedgersBalanced } from "./helpers/rewards.ts";
import { createTestApp, PUBLIC_URL, TEST_DATABASE } from "./helpers/test-app.ts";

const store = await createTestApp({ seed: false });
const { rewards } = store.app;
let orders = 0;
const completeOrder = (userId: string, paid: number, orderId = `order-${++orders}`) => rewards.recordCompletedOrder({ userId, orderId, paid });

async function referralsOf(browser: Browser) {
  const res = await browser.call(referrals.GET, "/api/referrals");
  expect(res.status).toBe(200);
  return res.body;
}

/** A new visitor who follows the link and registers; answers their browser and id. */
async function referredSignUp(code: string, email: string) {
  const browser = store.client();
  await browser.call(games.GET, `/api/games?ref=${code}`);
  expect(browser.jar.get("shop_ref")).toBe(code);
  const id = await signUpAndIn(browser, email);
  // Used once, then forgotten.
  expect(browser.jar.has("shop_ref")).toBe(false);
  return { browser, id };
}

async function referralRow(referredUserId: string) {
  return store.app.db.selectFrom("referrals").selectAll().where("referredUserId", "=", referredUserId).executeTakeFirst();
}

describe(`GET /api/referrals on ${TEST_DATABASE}`, () => {
  it("gives every user their own code and link, the same on every call; 401 for visitors", async () => {
    const a = await shopper(store, "code-a@shop.test");
    const b = await shopper(store, "code-b@shop.test");
    const first = await referralsOf(a.browser);
    expect(first).toEqual({
      code: expect.stringMatching(/^[A-HJKMNP-Z2-9]{8}$/),
      link: `${PUBLIC_URL}/?ref=${first.code}`,
      signups: 0,
      successfulReferrals: 0,
      bonusesEarned: 0,
      towardsNextBonus: 0,
      nextBonusIn: 10,
      referralsPerBonus: 10,
      bonusPoints: 5000,
    });
    expect((await referralsOf(a.browser)).code).toBe(first.code);
    expect((await referralsOf(b.browser)).code).not.toBe(first.code);
    expect((await store.call(referrals.GET, "/api/referrals")).status).toBe(401);
  });

  it("concurrent first calls agree on one code", async () => {
    const { browser, id } = await shopper(store, "code-race@shop.test");
    const codes = await Promise.all([1, 2, 3, 4].map(() => referralsOf(browser)));
    expect(new Set(codes.map((c) => c.code)).size).toBe(1);
    expect(await store.app.db.selectFrom("referral_codes").select("code").where("userId", "=", id).execute()).toHaveLength(1);
  });
});

describe("registering through a referral link", () => {
  it("records the referral; the referrer sees the sign-up", async () => {
    const referrer = await shopper(store, "referrer-1@shop.test");
    const { code } = await referralsOf(referrer.browser);
    const friend = await referredSignUp(code, "friend-1@shop.test");
    expect(await referralRow(friend.id)).toMatchObject({ referrerUserId: referrer.id, code, successfulAt: null });
    expect((await referralsOf(referrer.browser)).signups).toBe(1);
  });

  it("ignores unknown codes and registration still succeeds", async () => {
    const browser = store.client();
    await browser.call(games.GET, "/api/games?ref=QQQQ2345");
    const id = await signUpAndIn(browser, "nobody-referred@shop.test");
    expect(await referralRow(id)).toBeUndefined();
  });

  it("never records a self-referral (the rule holds for any account that meets its own code)", async () => {
    const self = await shopper(store, "self@shop.test");
    const { code } = await referralsOf(self.browser);
    expect(await rewards.recordReferral({ referredUserId: self.id, code })).toBe("self_referral");
    expect(await referralRow(self.id)).toBeUndefined();
  });

  it("a registration refused as a duplicate records nothing", async () => {
    const referrer = await shopper(store, "referrer-dup@shop.test");
    const { code } = await referralsOf(referrer.browser);
    const browser = store.client();
    await browser.call(games.GET, `/api/games?ref=${code}`);
    const res = await browser.call(register.POST, "/api/auth/register", {
      body: { birthDate: "1990-01-01", acceptTerms: true, email: "referrer-dup@shop.test", password: PASSWORD },
    });
    expect(res.status).toBe(201); // answered like a new address (issue 17), but nothing is recorded
    expect((await referralsOf(referrer.browser)).signups).toBe(0);
  });
});

describe("recordCompletedOrder / recordCancelledOrder (called directly until orders exist)", () => {
  it("credits purchase points once per order (100 per dollar) and takes them back on cancellation", async () => {
    const { browser, id } = await shopper(store, "buyer@shop.test");
    expect(await completeOrder(id, 2599, "order-buy-1")).toEqual({ purchasePoints: 2599, referral: null });
    expect(await completeOrder(id, 2599, "order-buy-1")).toEqual({ purchasePoints: 0, referral: null });
    await expectLedgersBalanced(store.app.db);
    expect((await browser.call(user.GET, "/api/auth/user")).body.points).toBe(2599);
    expect(await rewards.recordCancelledOrder({ userId: id, orderId: "order-buy-1" })).toEqual({ pointsTakenBack: 2599 });
    expect(await rewards.recordCancelledOrder({ userId: id, orderId: "order-buy-1" })).toEqual({ pointsTakenBack: 0 });
    expect((await browser.call(user.GET, "/api/auth/user")).body.points).toBe(0);
    const history = (await browser.call(points.GET, "/api/points")).body.history.map((h: any) => [h.reason, h.amount]);
    expect(history).toEqual([
      ["purchase_reversal", -2599],
      ["purchase", 2599],
    ]);
    await expectLedgersBalanced(store.app.db);
  });

  it("concurrent completions of one order credit it once", async () => {
    const { id } = await shopper(store, "buyer-race@shop.test");
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => completeOrder(id, 1000, "order-race")));
    expect(results.map((r) => r.purchasePoints).sort((a, b) => a - b)).toEqual([0, 0, 0, 0, 1000]);
    const ledger = await store.app.db.selectFrom("points_ledger").select(["amount", "reference"]).where("userId", "=", id).execute();
    expect(ledger).toEqual([{ amount: 1000, reference: "order-race#1" }]);
    await expectLedgersBalanced(store.app.db);
  });

  it("POINTS_PER_DOLLAR sets the rate", async () => {
    const { id } = await shopper(store, "rate@shop.test");
    const { app } = store;
    const atSeven = createRewardsModule({
      unitOfWork: createRewardsUnitOfWork(app.db, app.eventListeners, app.mail.outbox),
      codes: randomReferralCodes,
      ids: app.ids,
      clock: app.clock,
      pointsPerDollar: 7,
    });
    expect(await atSeven.recordCompletedOrder({ userId: id, orderId: "order-rate", paid: 1000 })).toMatchObject({ purchasePoints: 70 });
  });

  it("each 10 successful referrals (first completed orders) credit the referrer 5000 bonus points, once", async () => {
    const referrer = await shopper(store, "ambassador@shop.test");
    const { code } = await referralsOf(referrer.browser);
    const friends = [];
    for (let i = 1; i <= 11; i++) friends.push(await referredSignUp(code, `amb-friend-${i}@shop.test`));
    expect((await referralsOf(referrer.browser)).signups).toBe(11);

    for (const [index, friend] of friends.slice(0, 9).entries()) {
      const result = await completeOrder(friend.id, 500);
      expect(result.referral).toEqual({ referrerUserId: referrer.id, successfulReferrals: index + 1, bonusPoints: 0 });
    }
    expect(await referralsOf(referrer.browser)).toMatchObject({ successfulReferrals: 9, towardsNextBonus: 9, nextBonusIn: 1 });
    // A second completed order of the same friend is not another success.
    expect((await completeOrder(friends[0]!.id, 500)).referral).toBeNull();
    expect((await referralsOf(referrer.browser)).successfulReferrals).toBe(9);

    // The 10th and 11th complete at the same moment: exactly one of them is the 10th.
    const [tenth, eleventh] = await Promise.all([completeOrder(friends[9]!.id, 500), completeOrder(friends[10]!.id, 500)]);
    expect([tenth.referral!.successfulReferrals, eleventh.referral!.successfulReferrals].sort((a, b) => a - b)).toEqual([10, 11]);
    expect(tenth.referral!.bonusPoints + eleventh.referral!.bonusPoints).toBe(5000);

    expect(await referralsOf(referrer.browser)).toMatchObject({ successfulReferrals: 11, bonusesEarned: 1, towardsNextBonus: 1, nextBonusIn: 9 });
    expect((await referrer.browser.call(user.GET, "/api/auth/user")).body.points).toBe(5000);
    const bonus = await store.app.db.selectFrom("points_ledger").select(["amount", "reason", "reference"]).where("userId", "=", referrer.id).execute();
    expect(bonus).toEqual([{ amount: 5000, reason: "referral_bonus", reference: `${referrer.id}#1` }]);
    expect(await referralRow(friends[0]!.id)).toMatchObject({ successfulAt: expect.any(String), firstCompletedOrderId: expect.stringMatching(/^order-/) });
    // Each friend earned their own purchase points too.
    expect((await friends[0]!.browser.call(user.GET, "/api/auth/user")).body.points).toBe(1000);
    await expectLedgersBalanced(store.app.db);
  });
});
