import { describe, expect, it } from "vitest";
import * as storeCredit from "#src/pages/api/admin/users/[userId]/store-credit.ts";
import * as users from "#src/pages/api/admin/users/index.ts";
import * as user from "#src/pages/api/auth/user.ts";
import * as games from "#src/pages/api/games/index.ts";
import * as points from "#src/pages/api/points/index.ts";
import * as redeem from "#src/pages/api/points/redeem.ts";
import { administrator, shopper, type Browser } from "./helpers/accounts.ts";
import { expectLedgersBalanced } from "./helpers/rewards.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

const store = await createTestApp({ seed: false });
const admin = await administrator(store);

/** Points for a shopper the way a completed order will give them (100 per dollar). */
async function earn(userId: string, dollars: number) {
  await store.app.rewards.recordCompletedOrder({ userId, orderId: `order-${userId}-${Math.random()}`, paid: dollars * 100 });
}

const redeemCall = (browser: Browser, body: unknown) => browser.call(redeem.POST, "/api/points/redeem", { body });
const setCredit = (browser: Browser, userId: string, body: unknown) =>
  browser.call(storeCredit.PATCH, `/api/admin/users/${userId}/store-credit`, { method: "PATCH", params: { userId }, body });

describe(`GET /api/points and POST /api/points/redeem on ${TEST_DATABASE}`, () => {
  it("shows a new shopper's empty rewards; 401 for visitors", async () => {
    const { browser } = await shopper(store, "fresh@shop.test");
    expect((await browser.call(points.GET, "/api/points")).body).toEqual({
      points: 0,
      value: "0.00",
      redeemablePoints: 0,
      storeCredit: "0.00",
      pointsPerCreditDollar: 5000,
      reviewPoints: 300,
      history: [],
      historyNextCursor: null,
      submission: null,
      // No dispute, no hold on the balance (chargeback memory, issue 37).
      onHold: false,
    });
    expect((await store.call(points.GET, "/api/points")).status).toBe(401);
    expect((await store.call(redeem.POST, "/api/points/redeem", { body: { points: 5000 } })).status).toBe(401);
  });

  it("redeems whole multiples of 5000 points into store credit ($1.00 each)", async () => {
    const { browser, id } = await shopper(store, "redeemer@shop.test");
    await earn(id, 123); // 12300 points
    await expectLedgersBalanced(store.app.db);
    expect((await browser.call(points.GET, "/api/points")).body).toMatchObject({ points: 12300, value: "2.46", redeemablePoints: 10000 });
    const res = await redeemCall(browser, { points: 10000 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ redeemedPoints: 10000, credit: "2.00", points: 2300, storeCredit: "2.00" });
    expect((await browser.call(user.GET, "/api/auth/user")).body).toMatchObject({ points: 2300, storeCredit: "2.00" });
    const { history } = (await browser.call(points.GET, "/api/points")).body;
    expect(history.map((h: any) => [h.reason, h.amount, h.label])).toEqual([
      ["redemption", -10000, "Redeemed for store credit"],
      ["purchase", 12300, "Points for a completed order"],
    ]);
    await expectLedgersBalanced(store.app.db);
  });

  it("refuses more points than held with 409 and a clear message, changing nothing", async () => {
    const { browser, id } = await shopper(store, "short@shop.test");
    await earn(id, 49); // 4900 points
    const res = await redeemCall(browser, { points: 5000 });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "Not enough points: you have 4900 points and asked to redeem 5000" });
    expect((await browser.call(user.GET, "/api/auth/user")).body).toMatchObject({ points: 4900, storeCredit: "0.00" });
    await expectLedgersBalanced(store.app.db);
  });

  it("refuses amounts that are not whole multiples of 5000, or not numbers, with 400", async () => {
    const { browser, id } = await shopper(store, "odd@shop.test");
    await earn(id, 200);
    const odd = await redeemCall(browser, { points: 7500 });
    expect(odd.status).toBe(400);
    expect(odd.body).toEqual({ error: "Points are redeemed in whole multiples of 5000 (5000 points = $1.00)" });
    for (const body of [{ points: 0 }, { points: -5000 }, { points: 5000.5 }, { points: "5000" }, {}, { points: null }]) {
      expect((await redeemCall(browser, body)).status).toBe(400);
    }
    expect((await browser.call(user.GET, "/api/auth/user")).body.points).toBe(20000);
  });

  it("concurrent redemptions cannot overdraw: with 10000 points, two of five 5000-point redemptions succeed", async () => {
    const { browser, id } = await shopper(store, "concurrent@shop.test");
    await earn(id, 100);
    const results = await Promise.all(Array.from({ length: 5 }, () => redeemCall(browser, { points: 5000 })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409]);
    expect((await browser.call(user.GET, "/api/auth/user")).body).toMatchObject({ points: 0, storeCredit: "2.00" });
    await expectLedgersBalanced(store.app.db);
  });
});

describe("admin: GET /api/admin/users and PATCH /api/admin/users/{userId}/store-credit", () => {
  it("lists users with the spec's fields: isAdmin 1/0, storeCredit as a decimal string, points", async () => {
    const { id } = await shopper(store, "listed-user@shop.test");
    await earn(id, 3);
    const res = await admin.browser.call(users.GET, "/api/admin/users");
    expect(res.status).toBe(200);
    expect(res.body.find((u: any) => u.id === id)).toEqual({
      id,
      email: "listed-user@shop.test",
      isAdmin: 0,
      robloxUsername: null,
      storeCredit: "0.00",
      points: 300,
    });
    expect(res.body.find((u: any) => u.id === admin.id)).toMatchObject({ email: "boss@shop.test", isAdmin: 1 });
  });

  it("adds to and sets store credit, each a ledger entry with the administrator as actor", async () => {
    const { browser, id } = await shopper(store, "credited@shop.test");
    const added = await setCredit(admin.browser, id, { amount: 10.5, operation: "add" });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ id, storeCredit: "10.50" });
    expect((await setCredit(admin.browser, id, { amount: "2.25", operation: "add" })).body.storeCredit).toBe("12.75");
    expect((await setCredit(admin.browser, id, { amount: 3, operation: "set" })).body.storeCredit).toBe("3.00");
    expect((await browser.call(user.GET, "/api/auth/user")).body.storeCredit).toBe("3.00");
    const ledger = await store.app.db
      .selectFrom("store_credit_ledger")
      .select(["amountCents", "reason", "actorId"])
      .where("userId", "=", id)
      .orderBy("createdAt")
      .execute();
    expect(ledger).toEqual([
      { amountCents: 1050, reason: "admin_add", actorId: admin.id },
      { amountCents: 225, reason: "admin_add", actorId: admin.id },
      { amountCents: -975, reason: "admin_set", actorId: admin.id },
    ]);
    await expectLedgersBalanced(store.app.db);
  });

  it("refuses amounts that are not > 0 with at most 2 decimals, unknown operations and users, over-large credit", async () => {
    const { id } = await shopper(store, "badcredit@shop.test");
    for (const body of [
      { amount: 0, operation: "add" },
      { amount: -5, operation: "add" },
      { amount: 1.234, operation: "add" },
      { amount: "ten", operation: "add" },
      { amount: 5, operation: "multiply" },
      { amount: 5 },
      { operation: "set" },
    ]) {
      const res = await setCredit(admin.browser, id, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/amount|operation/);
    }
    expect((await setCredit(admin.browser, id, { amount: 0, operation: "set" })).body).toMatchObject({
      error: "amount must be a number greater than 0 with at most 2 decimals",
    });
    expect((await setCredit(admin.browser, id, { amount: 100000.01, operation: "set" })).body).toEqual({
      error: "Store credit cannot be more than $100000.00",
    });
    expect((await setCredit(admin.browser, "no-such-user", { amount: 5, operation: "add" })).status).toBe(404);
    expect(await store.app.db.selectFrom("store_credit_ledger").select("id").where("userId", "=", id).execute()).toEqual([]);
  });

  it("concurrent 'set' operations leave the balance at one of the values, equal to its ledger", async () => {
    const { id } = await shopper(store, "setrace@shop.test");
    const results = await Promise.all([4, 7, 9].map((amount) => setCredit(admin.browser, id, { amount, operation: "set" })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const final = (await admin.browser.call(users.GET, "/api/admin/users")).body.find((u: any) => u.id === id).storeCredit;
    expect(["4.00", "7.00", "9.00"]).toContain(final);
    await expectLedgersBalanced(store.app.db);
  });

  it("is for administrators only: 401 for visitors, 403 for shoppers, nothing changed", async () => {
    const { browser, id } = await shopper(store, "notadmin@shop.test");
    expect((await store.call(users.GET, "/api/admin/users")).status).toBe(401);
    expect((await browser.call(users.GET, "/api/admin/users")).status).toBe(403);
    expect((await setCredit(store.client(), id, { amount: 100, operation: "add" })).status).toBe(401);
    expect((await setCredit(browser, id, { amount: 100, operation: "add" })).status).toBe(403);
    expect((await browser.call(user.GET, "/api/auth/user")).body.storeCredit).toBe("0.00");
  });

  it("the use case and the endpoint agree with a direct call (balance and ledger)", async () => {
    const { id } = await shopper(store, "direct@shop.test");
    expect(await store.app.rewards.adjustStoreCredit({ userId: id, amount: 500, operation: "add" }, { id: admin.id, email: "boss@shop.test" })).toEqual({
      storeCredit: 500,
    });
    await expectLedgersBalanced(store.app.db);
  });
});

describe("the referral cookie", () => {
  it("a page visit with ?ref=CODE remembers the code (normalised) in an http-only cookie; malformed codes are ignored", async () => {
    const visit = async (query: string) => (await store.call(games.GET, `/api/games${query}`)).headers.getSetCookie().join("\n");
    expect(await visit("?ref=abcd2345")).toMatch(/shop_ref=ABCD2345; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax/);
    expect(await visit("?ref=<script>")).not.toMatch(/shop_ref/);
    expect(await visit("?ref=ABCD")).not.toMatch(/shop_ref/);
    expect(await visit("")).not.toMatch(/shop_ref/);
  });
});
