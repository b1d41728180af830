import { describe, expect, it } from "vitest";
import { HOLD_MS } from "#domain/checkout/checkout.ts";
import { analyticsProjections } from "#read-models/analytics/analytics-projections.ts";
import { rebuildProjections } from "#read-models/analytics/rebuild-projections.ts";
import * as adminCodes from "#src/pages/api/admin/discount-codes/index.ts";
import * as gamesReorder from "#src/pages/api/admin/games/reorder.ts";
import * as cart from "#src/pages/api/cart/index.ts";
import * as prepare from "#src/pages/api/checkout/prepare.ts";
import * as games from "#src/pages/api/games/index.ts";
import * as wishlist from "#src/pages/api/wishlist/index.ts";
import * as conversations from "#src/pages/api/support/conversations/index.ts";
import * as messages from "#src/pages/api/support/conversations/[id]/messages.ts";
import * as pageView from "#src/pages/api/tracking/page-view.ts";
import * as capture from "#src/pages/paypal/order/[id]/capture.ts";
import type { App } from "#server/app.ts";
import { manualClock } from "../fakes/in-memory-shopping.ts";
import { captureCall, claimFor, preparedPayment, product, setStock, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

// The units of work that read and then write, raced through the request pipeline: against one app,
// and against two app instances on the same database (on PostgreSQL two connection pools, i.e. two
// server processes as the database sees them). SQLite serialises write transactions; PostgreSQL at
// READ COMMITTED does not, so these hold there only thanks to the conditional updates, unique keys
// and locks in the adapters (docs/decisions.md, "Concurrency on PostgreSQL").
const clock = manualClock(new Date(Date.now() - 50 * HOLD_MS).toISOString());
const store = await createTestApp({
  clock,
  env: {
    SIGN_IN_LIMIT_PER_MINUTE: "10000",
    SIGN_UP_LIMIT_PER_MINUTE: "10000",
    CHECKOUT_PREPARE_LIMIT_PER_MINUTE: "100000",
    CHAT_MESSAGE_LIMIT_PER_MINUTE: "5",
  },
});
const twin = TEST_DATABASE === "postgres" ? store.sibling() : store.app;
let n = 0;
const shoppers = (count: number) => Promise.all(Array.from({ length: count }, () => signIn(store, `scale${++n}@shop.test`)));

/**
 * Which app serves the i-th of a burst: the store's only, or the two apps taking turns. Two apps in
 * ONE process only on PostgreSQL: two better-sqlite3 connections in one process wait for each
 * other's write lock synchronously, blocking the event loop the other needs to commit (a real second
 * process has its own loop: checkout-two-processes.test.ts covers SQLite that way).
 */
const targets: [string, (i: number) => App][] = [["one app", () => store.app]];
if (TEST_DATABASE === "postgres") targets.push(["two apps on one database", (i) => (i % 2 === 0 ? store.app : twin)]);

describe.each(targets)(`racing read-then-write units of work on ${TEST_DATABASE}, %s`, (_, appFor) => {
  it("prepares at the last units hold at most the stock: the others are refused", async () => {
    const item = await product(store, "Huge Cat");
    await setStock(store, item.id, 2);
    clock.advance(HOLD_MS + 1); // earlier tests' holds are over
    const racers = await shoppers(8);
    for (const racer of racers) expect((await racer.call(cart.POST, "/api/cart", { body: { productId: item.id, quantity: 1 } })).status).toBeLessThan(300);
    const claims = await Promise.all(racers.map((racer) => claimFor(racer)));

    const results = await Promise.all(racers.map((racer, i) => racer.call(prepare.POST, "/api/checkout/prepare", { body: claims[i], app: appFor(i) })));

    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.status !== 201).map((r) => r.status)).toEqual(Array(6).fill(409));
    const held = await store.app.db
      .selectFrom("stock_holds")
      .select("quantity")
      .where("productId", "=", item.id)
      .where("expiresAt", ">", clock.now().toISOString())
      .execute();
    expect(held.reduce((sum, h) => sum + Number(h.quantity), 0)).toBe(2);
  });

  it("one shopper's racing prepares leave exactly one prepared checkout and one hold", async () => {
    const item = await product(store, "10M Diamonds");
    const [buyer] = await shoppers(1);
    expect((await buyer!.call(cart.POST, "/api/cart", { body: { productId: item.id, quantity: 3 } })).status).toBeLessThan(300);
    const claim = await claimFor(buyer!);

    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => buyer!.call(prepare.POST, "/api/checkout/prepare", { body: claim, app: appFor(i) })));

    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    const prepared = await store.app.db.selectFrom("checkouts").select("id").where("userId", "=", buyer!.userId).where("status", "=", "prepared").execute();
    expect(prepared).toHaveLength(1);
    const holds = await store.app.db.selectFrom("stock_holds").select(["checkoutId", "quantity"]).where("userId", "=", buyer!.userId).execute();
    expect(holds).toEqual([{ checkoutId: prepared[0]!.id, quantity: 3 }]);
  });

  it("one shopper's racing adds of a product leave one cart line and one wishlist item", async () => {
    const item = await product(store, "10M Diamonds");
    const [buyer] = await shoppers(1);

    const added = await Promise.all(
      Array.from({ length: 4 }, (_, i) => buyer!.call(cart.POST, "/api/cart", { body: { productId: item.id, quantity: 1 }, app: appFor(i) })),
    );
    const wished = await Promise.all(
      Array.from({ length: 4 }, (_, i) => buyer!.call(wishlist.POST, "/api/wishlist", { body: { productId: item.id }, app: appFor(i) })),
    );

    expect(added.every((r) => r.status < 300)).toBe(true);
    expect(wished.every((r) => r.status < 300)).toBe(true);
    const lines = await store.app.db.selectFrom("cart_items").select("quantity").where("userId", "=", buyer!.userId).execute();
    expect(lines).toEqual([{ quantity: 4 }]);
    const items = await store.app.db.selectFrom("wishlist_items").select("id").where("userId", "=", buyer!.userId).execute();
    expect(items).toHaveLength(1);
  });

  it("captures at the last units, each payment sent twice: no oversell, one order per payment", async () => {
    const item = await product(store, "Titanic Cat");
    await setStock(store, item.id, 3);
    const racers = await shoppers(8);
    const payments: string[] = [];
    for (const racer of racers) {
      payments.push((await preparedPayment(racer, item.id, 1)).paymentId);
      clock.advance(HOLD_MS + 1); // every payment open, every hold expired: they race for the units
    }

    const results = await Promise.all(
      racers.flatMap((racer, i) => [
        captureCall(racer, payments[i]!), // the store's app
        racer.call(capture.POST, `/paypal/order/${payments[i]}/capture`, { params: { id: payments[i]! }, body: {}, app: appFor(2 * i + 1) }),
      ]),
    );

    const orders = await store.app.db.selectFrom("orders").select(["id", "paymentId"]).where("paymentId", "in", payments).execute();
    expect(orders).toHaveLength(3);
    expect(new Set(orders.map((o) => o.paymentId)).size).toBe(3);
    expect((await product(store, "Titanic Cat")).stock).toBe(0);
    // Every answer is an order or an expected refusal, never a crash.
    for (const r of results) expect([200, 201, 409], JSON.stringify(r.body)).toContain(r.status);
    // One OrderPlaced per order, none for the refused payments.
    const placed = await store.app.db.selectFrom("events").select("payload").where("type", "=", "OrderPlaced").execute();
    const orderIds = new Set(orders.map((o) => o.id));
    expect(placed.filter((e) => orderIds.has(JSON.parse(e.payload).orderId))).toHaveLength(3);
  });

  it("captures at a discount code's last uses: the usage limit is never exceeded", async () => {
    const admin = await signInAdmin(store);
    const code = (await admin.call(adminCodes.POST, "/api/admin/discount-codes", { body: { code: `LAST${n}`, type: "fixed", amount: "1.00", usageLimit: 2 } }))
      .body;
    const item = await product(store, "VIP Gamepass");
    await setStock(store, item.id, 1000);
    const racers = await shoppers(6);
    const payments: string[] = [];
    const price = Number(item.priceCents);
    for (const racer of racers) {
      const total = ((price - 100) / 100).toFixed(2);
      payments.push((await preparedPayment(racer, item.id, 1, { discountCodeId: code.id, discountAmount: "1.00", total })).paymentId);
    }

    const results = await Promise.all(
      racers.map((racer, i) => racer.call(capture.POST, `/paypal/order/${payments[i]}/capture`, { params: { id: payments[i]! }, body: {}, app: appFor(i) })),
    );

    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    const row = await store.app.db.selectFrom("discount_codes").select(["usageCount"]).where("id", "=", code.id).executeTakeFirstOrThrow();
    expect(row.usageCount).toBe(2);
  });

  it("page views tracked at once leave the analytics projections exactly as a replay of the log", async () => {
    const visitors = Array.from({ length: 6 }, () => store.client());
    const views = visitors.flatMap((visitor, v) =>
      ["/", "/shop", `/shop/game-${v % 2}`].map((page, p) => ({
        visitor,
        body: { page, pageTitle: page, referrer: p === 0 ? "https://www.google.com/" : null },
      })),
    );

    const results = await Promise.all(views.map(({ visitor, body }, i) => visitor.call(pageView.POST, "/api/tracking/page-view", { body, app: appFor(i) })));

    expect(results.map((r) => r.status)).toEqual(Array(views.length).fill(204));
    const live = await projectionRows(store.app);
    await rebuildProjections(store.app.db, analyticsProjections({ timeZone: store.config.timeZone }));
    expect(await projectionRows(store.app)).toEqual(live);
  });

  it("support messages sent at once get distinct, gap-free positions, and the per-visitor limit holds", async () => {
    const guest = store.client();
    const started = await guest.call(conversations.POST, "/api/support/conversations", { body: {} });
    expect(started.status).toBe(201);
    const id = started.body.id as string;
    clock.advance(60_000); // a fresh rate-limit window

    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        guest.call(messages.POST, `/api/support/conversations/${id}/messages`, { params: { id }, body: { message: `hello ${i}` }, app: appFor(i) }),
      ),
    );

    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status !== 201).map((r) => r.status)).toEqual(Array(7).fill(429));
    const rows = await store.app.db.selectFrom("support_messages").select("seq").where("conversationId", "=", id).orderBy("seq").execute();
    expect(rows.map((r) => Number(r.seq))).toEqual(rows.map((_, i) => i + 1));
  });

  it("two administrators reordering the games at once: one order or the other wins whole", async () => {
    const admin = await signInAdmin(store);
    const ids = ((await store.call(games.GET, "/api/games")).body as { id: string }[]).map((g) => g.id);
    const reversed = [...ids].reverse();
    const rotated = [...ids.slice(1), ids[0]!];

    const results = await Promise.all([
      admin.call(gamesReorder.POST, "/x", { body: { gameIds: reversed }, app: appFor(0) }),
      admin.call(gamesReorder.POST, "/x", { body: { gameIds: rotated }, app: appFor(1) }),
    ]);

    expect(results.map((r) => r.status)).toEqual([204, 204]);
    const after = ((await store.call(games.GET, "/api/games")).body as { id: string }[]).map((g) => g.id);
    expect([reversed, rotated]).toContainEqual(after);
  });
});

/** The analytics read-model rows, in a stable order. */
async function projectionRows(app: App): Promise<Record<string, string[]>> {
  const tables = [
    "rm_analytics_totals",
    "rm_analytics_days",
    "rm_analytics_entities",
    "rm_live_visitors",
    "rm_top_pages",
    "rm_new_customers",
    "rm_cart_lines",
  ] as const;
  const result: Record<string, string[]> = {};
  for (const table of tables) result[table] = (await app.db.selectFrom(table).selectAll().execute()).map((row) => JSON.stringify(row)).sort();
  return result;
}
