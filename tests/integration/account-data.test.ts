import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { dialectOf } from "#adapters/db/database.ts";
import { TERMS_VERSION } from "#domain/accounts/consent.ts";
import { analyticsProjections } from "#read-models/analytics/analytics-projections.ts";
import { rebuildProjections } from "#read-models/analytics/rebuild-projections.ts";
import * as accountRoute from "#src/pages/api/account/index.ts";
import * as consent from "#src/pages/api/account/consent.ts";
import * as exportRoute from "#src/pages/api/account/export.ts";
import * as storeCredit from "#src/pages/api/admin/users/[userId]/store-credit.ts";
import * as loginUser from "#src/pages/api/auth/login-user.ts";
import * as register from "#src/pages/api/auth/register.ts";
import * as session from "#src/pages/api/auth/session.ts";
import * as cart from "#src/pages/api/cart/index.ts";
import * as itemRequests from "#src/pages/api/item-requests.ts";
import * as orderMessages from "#src/pages/api/orders/[id]/messages.ts";
import * as orderStatus from "#src/pages/api/orders/[id]/status.ts";
import * as promo from "#src/pages/api/promo.ts";
import * as referrals from "#src/pages/api/referrals.ts";
import * as supportMessages from "#src/pages/api/support/conversations/[id]/messages.ts";
import * as conversations from "#src/pages/api/support/conversations/index.ts";
import * as pageView from "#src/pages/api/tracking/page-view.ts";
import * as submit from "#src/pages/api/trustpilot-submit.ts";
import * as wishlist from "#src/pages/api/wishlist/index.ts";
import * as games from "#src/pages/api/games/index.ts";
import { PNG_DATA_URL } from "./helpers/rewards.ts";
import { readModelSnapshot } from "./helpers/read-model-snapshot.ts";
import { captureCall, preparedPayment, product, signInAdmin, ADMIN } from "./helpers/shoppers.ts";
import { signUpAndIn, verifyAddress } from "./helpers/accounts.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";
import { storedNames } from "../support/stored-files.ts";
import * as adminLogin from "#src/pages/api/auth/login.ts";
import { countRows } from "./helpers/row-count.ts";

const store = await createTestApp();
const admin = await signInAdmin(store);

// Distinctive, so a scan of every table finds any trace: the address, the first name (also in the
// Roblox username and the messages) and the password's owner.
const EMAIL = "zebulon.quill@shop.test";
const NAME = "Zebulon";
const PASSWORD = "zebulon's long password";

type Browser = ReturnType<typeof store.client>;

/** A shopper with every kind of data the store keeps; answers their browser, id and order id. */
async function fullAccount(): Promise<{ browser: Browser; userId: string; orderId: string }> {
  const browser = store.client();
  // Consented to analytics in this browser: page views carry the visitor id and the user.
  browser.jar.set("shop_analytics", "granted");
  expect(
    (
      await browser.call(register.POST, "/api/auth/register", {
        body: { birthDate: "1990-01-01", email: EMAIL, password: PASSWORD, firstName: NAME, acceptTerms: true },
      })
    ).status,
  ).toBe(201);
  const login = await browser.call(loginUser.POST, "/api/auth/login-user", { body: { email: EMAIL, password: PASSWORD } });
  expect(login.status).toBe(200);
  const userId = login.body.user.id as string;
  expect((await browser.call(consent.POST, "/api/account/consent", { body: { analytics: "granted" } })).status).toBe(201);
  expect((await browser.call(pageView.POST, "/api/tracking/page-view", { body: { page: "/", pageTitle: "Home", referrer: null } })).status).toBe(204);

  // Someone signed up with their referral link.
  const code = (await browser.call(referrals.GET, "/api/referrals")).body.code as string;
  const friend = store.client();
  await friend.call(games.GET, `/api/games?ref=${code}`);
  await signUpAndIn(friend, "friend-of-z@shop.test");

  // A passkey named after its owner's phone (issue 20): better-auth's table, not in our schema.
  const backedUp = dialectOf(store.app.db) === "sqlite" ? 0 : false;
  await sql`insert into passkey (id, name, "publicKey", "userId", "credentialID", counter, "deviceType", "backedUp")
    values (${`pk-${userId}`}, ${`${NAME}'s phone`}, 'key', ${userId}, ${`cred-${userId}`}, 0, 'singleDevice', ${backedUp})`.execute(store.app.db);

  const fruit = await product(store, "10M Diamonds");
  const boat = await product(store, "1,700 Robux Pack");
  const { paymentId } = await preparedPayment(browser, fruit.id, 1, { email: EMAIL, robloxUsername: `${NAME}_Builder` });
  const captured = await captureCall(browser, paymentId);
  expect(captured.status, JSON.stringify(captured.body)).toBeLessThan(300);
  const orderId = (await store.app.db.selectFrom("orders").select("id").where("userId", "=", userId).executeTakeFirstOrThrow()).id;
  const completed = await admin.call(orderStatus.PATCH, `/api/orders/${orderId}/status`, {
    method: "PATCH",
    params: { id: orderId },
    body: { status: "completed" },
  });
  expect(completed.status, JSON.stringify(completed.body)).toBe(200);
  expect(
    (await browser.call(orderMessages.POST, `/api/orders/${orderId}/messages`, { params: { id: orderId }, body: { message: `Thanks, ${NAME} here` } })).status,
  ).toBe(201);

  const credit = await admin.call(storeCredit.PATCH, `/api/admin/users/${userId}/store-credit`, {
    method: "PATCH",
    params: { userId },
    body: { amount: "5.00", operation: "set" },
  });
  expect(credit.status, JSON.stringify(credit.body)).toBe(200);

  expect((await browser.call(wishlist.POST, "/api/wishlist", { body: { productId: boat.id, userId: null } })).status).toBeLessThan(300);
  expect((await browser.call(cart.POST, "/api/cart", { body: { productId: boat.id, quantity: 1 } })).status).toBeLessThan(300);

  const conversation = await browser.call(conversations.POST, "/api/support/conversations", { body: { status: "open", email: EMAIL } });
  expect(conversation.status).toBe(201);
  const conversationId = conversation.body.id as string;
  expect(
    (
      await browser.call(supportMessages.POST, `/api/support/conversations/${conversationId}/messages`, {
        params: { id: conversationId },
        body: { message: `Hello, I am ${NAME}` },
      })
    ).status,
  ).toBe(201);

  expect((await browser.call(submit.POST, "/api/trustpilot-submit", { body: { screenshotUrl: PNG_DATA_URL, userId: null } })).status).toBe(201);
  expect(
    (
      await browser.call(itemRequests.POST, "/api/item-requests", {
        body: { gameId: fruit.gameId, itemName: "Dragon Fruit", email: EMAIL, description: `For ${NAME}` },
      })
    ).status,
  ).toBeLessThan(300);
  expect((await browser.call(promo.POST, "/api/promo", { body: { email: EMAIL } })).status).toBeLessThan(300);
  // The address proven (issue 32): what was kept under it (the chat, the item request, the promo
  // claim, the mail sent there) becomes the account's, by id. Before, it was anyone's who registered it.
  await verifyAddress(store, EMAIL);
  return { browser, userId, orderId };
}

/** Every table of the database, from the dialect's catalogue. */
async function allTables(): Promise<string[]> {
  const rows =
    dialectOf(store.app.db) === "sqlite"
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'`.execute(store.app.db)
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(store.app.db);
  return rows.rows.map((r) => r.name);
}

/** Rows of any table that mention any of `needles` (case-insensitive), as "table: row". */
async function traces(needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of await allTables()) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(store.app.db)).rows;
    for (const row of rows) {
      const text = JSON.stringify(row, (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v)).toLowerCase();
      if (needles.some((n) => text.includes(n.toLowerCase()))) found.push(`${table}: ${text}`);
    }
  }
  return found;
}

async function analyticsTotals() {
  return store.app.db.selectFrom("rm_analytics_totals").selectAll().execute();
}

describe(`a shopper's own data on ${TEST_DATABASE}`, () => {
  let account: Awaited<ReturnType<typeof fullAccount>>;

  it("records the Terms and the age rule at sign-up, and refuses a sign-up without them", async () => {
    const refused = await store.call(register.POST, "/api/auth/register", {
      body: { birthDate: "1990-01-01", email: "no-terms@shop.test", password: PASSWORD },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/Terms of Service and are at least 13/);
    const declined = await store.call(register.POST, "/api/auth/register", {
      body: { birthDate: "1990-01-01", email: "no-terms@shop.test", password: PASSWORD, acceptTerms: false },
    });
    expect(declined.status).toBe(400);
    expect(await store.app.db.selectFrom("user").select("id").where("email", "=", "no-terms@shop.test").execute()).toEqual([]);

    account = await fullAccount();
    const records = await store.app.db.selectFrom("consent_records").selectAll().where("userId", "=", account.userId).orderBy("recordedAt").execute();
    expect(records.map((r) => [r.kind, r.choice, r.version])).toEqual([
      ["terms", "accepted", TERMS_VERSION],
      ["analytics", "granted", null],
    ]);
  });

  it("keeps a signed-in shopper's analytics choice; guests 401, anything but granted or denied 400", async () => {
    expect((await store.call(consent.POST, "/api/account/consent", { body: { analytics: "granted" } })).status).toBe(401);
    const bad = await account.browser.call(consent.POST, "/api/account/consent", { body: { analytics: "maybe" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/granted/);
    expect((await account.browser.call(consent.POST, "/api/account/consent", { body: {} })).status).toBe(400);
  });

  it("exports every kind of data as one JSON download, naming no one else's address", async () => {
    expect((await store.call(exportRoute.GET, "/api/account/export")).status).toBe(401);
    const res = await account.browser.call(exportRoute.GET, "/api/account/export");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.body;
    expect(data.account).toMatchObject({ id: account.userId, email: EMAIL, firstName: NAME, storeCredit: "5.00", signInMethods: ["credential"] });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({ email: EMAIL, robloxUsername: `${NAME}_Builder` });
    expect(data.orders[0].items).toHaveLength(1);
    expect(data.orders[0].messages.map((m: { message: string }) => m.message)).toContain(`Thanks, ${NAME} here`);
    expect(data.supportConversations[0].messages.map((m: { message: string }) => m.message)).toContain(`Hello, I am ${NAME}`);
    expect(data.pointsLedger.length).toBeGreaterThan(0);
    expect(data.storeCreditLedger.map((e: { amount: string }) => e.amount)).toContain("5.00");
    expect(data.reviewSubmissions).toHaveLength(1);
    expect(data.referrals.code).toMatch(/\w+/);
    expect(data.referrals.referredUsers).toHaveLength(1);
    expect(data.wishlist).toHaveLength(1);
    expect(data.cart).toHaveLength(1);
    expect(data.itemRequests).toHaveLength(1);
    expect(data.promoClaims).toHaveLength(1);
    expect(data.consents.map((c: { kind: string }) => c.kind)).toEqual(["terms", "analytics"]);
    expect(JSON.stringify(data)).not.toContain("friend-of-z");
  });

  it("a wrong password deletes nothing (403); the last owner cannot delete themselves (409)", async () => {
    const wrong = await account.browser.call(accountRoute.DELETE, "/api/account", { method: "DELETE", body: { password: "not my password" } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toMatch(/password is not right/);
    expect((await account.browser.call(accountRoute.DELETE, "/api/account", { method: "DELETE", body: {} })).status).toBe(400);
    expect((await store.call(accountRoute.DELETE, "/api/account", { method: "DELETE", body: { password: PASSWORD } })).status).toBe(401);
    expect(await store.app.db.selectFrom("user").select("id").where("id", "=", account.userId).executeTakeFirst()).toBeDefined();

    const owner = await admin.call(accountRoute.DELETE, "/api/account", { method: "DELETE", body: { password: ADMIN.password } });
    expect(owner.status).toBe(409);
    expect(owner.body.error).toMatch(/at least one owner/);
    expect((await admin.call(adminLogin.POST, "/api/auth/login", { body: ADMIN })).status).toBe(200);
  });

  it("deletes the account: no table keeps the address or the name; order totals and analytics are unchanged", async () => {
    expect((await traces([EMAIL, NAME])).length).toBeGreaterThan(10);
    const ordersBefore = await store.app.db.selectFrom("orders").select(["id", "totalCents", "status"]).orderBy("id").execute();
    const analyticsBefore = await readModelSnapshot(store.app);
    const totalsBefore = await analyticsTotals();
    const eventsBefore = await countRows(store.app.db, "events");

    const res = await account.browser.call(accountRoute.DELETE, "/api/account", { method: "DELETE", body: { password: PASSWORD } });
    expect(res.status, JSON.stringify(res.body)).toBe(204);

    // Not even the account's id: kept records carry a tombstone instead.
    expect(await traces([EMAIL, NAME, account.userId])).toEqual([]);
    // The review screenshot's file went with its row.
    expect(await storedNames(store.app.fileStore, "reviews")).toEqual([]);
    expect((await account.browser.call(session.GET, "/api/auth/session")).body).toMatchObject({ authenticated: false });
    expect((await account.browser.call(exportRoute.GET, "/api/account/export")).status).toBe(401);
    expect((await store.call(loginUser.POST, "/api/auth/login-user", { body: { email: EMAIL, password: PASSWORD } })).status).toBe(401);

    // The order stays for the books, with the person replaced by a tombstone.
    expect(await store.app.db.selectFrom("orders").select(["id", "totalCents", "status"]).orderBy("id").execute()).toEqual(ordersBefore);
    const kept = await store.app.db.selectFrom("orders").selectAll().where("id", "=", account.orderId).executeTakeFirstOrThrow();
    expect(kept.userId).toMatch(/^deleted-/);
    expect([kept.email, kept.robloxUsername]).toEqual(["deleted", "deleted"]);

    // Analytics: the same totals, the same number of events, and a rebuild from the log agrees.
    expect(await analyticsTotals()).toEqual(totalsBefore);
    expect(await countRows(store.app.db, "events")).toBe(eventsBefore);
    const afterErasure = await readModelSnapshot(store.app);
    expect(Object.keys(afterErasure)).toEqual(Object.keys(analyticsBefore));
    await rebuildProjections(store.app.db, analyticsProjections({ timeZone: store.app.config.timeZone }));
    expect(await readModelSnapshot(store.app)).toEqual(afterErasure);

    // The person they referred keeps their account.
    expect(await store.app.db.selectFrom("user").select("id").where("email", "=", "friend-of-z@shop.test").executeTakeFirst()).toBeDefined();
  });
});
