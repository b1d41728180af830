import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as adminAnalytics from "#src/pages/api/admin/analytics.ts";
import * as adminAudit from "#src/pages/api/admin/audit.ts";
import * as adminCategories from "#src/pages/api/admin/categories/index.ts";
import * as adminDeliveryQueue from "#src/pages/api/admin/delivery-queue.ts";
import * as adminDiscountCodes from "#src/pages/api/admin/discount-codes/index.ts";
import * as adminGameById from "#src/pages/api/admin/games/[id].ts";
import * as adminGames from "#src/pages/api/admin/games/index.ts";
import * as adminItemRequests from "#src/pages/api/admin/item-requests.ts";
import * as adminMail from "#src/pages/api/admin/mail/index.ts";
import * as adminOrders from "#src/pages/api/admin/orders.ts";
import * as adminProducts from "#src/pages/api/admin/products/index.ts";
import * as adminStaff from "#src/pages/api/admin/staff/index.ts";
import * as adminSubmissions from "#src/pages/api/admin/submissions/index.ts";
import * as adminConversations from "#src/pages/api/admin/support/conversations/index.ts";
import * as adminStoreCredit from "#src/pages/api/admin/users/[userId]/store-credit.ts";
import * as adminUsers from "#src/pages/api/admin/users/index.ts";
import * as authCheck from "#src/pages/api/auth/check.ts";
import * as authUser from "#src/pages/api/auth/user.ts";
import * as blogBySlug from "#src/pages/api/blog/[slug].ts";
import * as blog from "#src/pages/api/blog/index.ts";
import * as cartById from "#src/pages/api/cart/[id].ts";
import * as cart from "#src/pages/api/cart/index.ts";
import * as categories from "#src/pages/api/categories.ts";
import * as discountCodes from "#src/pages/api/discount-codes/index.ts";
import * as validateCode from "#src/pages/api/discount-codes/validate.ts";
import * as faqs from "#src/pages/api/faqs.ts";
import * as gameBySlug from "#src/pages/api/games/[slug].ts";
import * as games from "#src/pages/api/games/index.ts";
import * as health from "#src/pages/api/health.ts";
import * as itemRequests from "#src/pages/api/item-requests.ts";
import * as orderMessages from "#src/pages/api/orders/[id]/messages.ts";
import * as orderStatus from "#src/pages/api/orders/[id]/status.ts";
import * as orderTimeline from "#src/pages/api/orders/[id]/timeline.ts";
import * as orders from "#src/pages/api/orders/index.ts";
import * as points from "#src/pages/api/points/index.ts";
import * as productById from "#src/pages/api/products/[id].ts";
import * as products from "#src/pages/api/products/index.ts";
import * as search from "#src/pages/api/products/search.ts";
import * as referrals from "#src/pages/api/referrals.ts";
import * as conversationMessages from "#src/pages/api/support/conversations/[id]/messages.ts";
import * as conversations from "#src/pages/api/support/conversations/index.ts";
import * as wishlistById from "#src/pages/api/wishlist/[id].ts";
import * as wishlist from "#src/pages/api/wishlist/index.ts";
import { administrator, shopper, type Browser } from "./helpers/accounts.ts";
import { captureCall, preparedPayment, product } from "./helpers/shoppers.ts";
import { createTestApp, type CallOptions, type CallResult } from "./helpers/test-app.ts";

// Issue 16 moved how every route is wired without changing what any route answers. This replays
// one recorded journey through the API (guest, shopper, administrator; successes and refusals)
// and compares each answer's status and JSON shape (keys and value types, not values, which hold
// ids and times) with what the store answered before the move (tests/fixtures/api-shapes.json,
// recorded on c4b5134 with RECORD_API_SHAPES=1). A route that changes its answer on purpose
// re-records the file in the same commit, so the change shows in review.
const FIXTURE = new URL("../fixtures/api-shapes.json", import.meta.url);

type Shape = string | Shape[] | { [key: string]: Shape };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The value's structure: types for scalars, keys for objects, the distinct element shapes of arrays. */
function shapeOf(value: unknown): Shape {
  if (value === null) return "null";
  if (Array.isArray(value)) {
    const seen = new Map<string, Shape>();
    for (const element of value) {
      const shape = shapeOf(element);
      seen.set(JSON.stringify(shape), shape);
    }
    return [...seen.values()].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  if (typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        // Days are data, not shape: a per-day series is keyed by the date it was recorded on.
        .map((key) => [DAY.test(key) ? "<day>" : key, shapeOf((value as Record<string, unknown>)[key])]),
    );
  }
  return typeof value;
}

type Handler = Parameters<Browser["call"]>[0];

describe("every API answer keeps its status and shape (issue 16)", () => {
  it("replays the recorded journey", async () => {
    const store = await createTestApp();
    const recorded: { step: string; status: number; shape: Shape }[] = [];
    async function step(name: string, browser: Browser, handler: Handler, path: string, options: CallOptions = {}): Promise<CallResult> {
      const res = await browser.call(handler, path, options);
      // Named by the route's pattern, not by the ids of this run.
      const pattern = Object.entries(options.params ?? {}).reduce((p, [key, value]) => p.replace(value, `{${key}}`), path);
      recorded.push({
        step: `${options.method ?? (options.body === undefined ? "GET" : "POST")} ${pattern} (${name})`,
        status: res.status,
        shape: shapeOf(res.body),
      });
      return res;
    }
    const guest = store.client();
    const buyer = await shopper(store, "shapes.buyer@shop.test");
    const boss = await administrator(store, "shapes.boss@shop.test");

    // The storefront, as a guest.
    await step("guest", guest, health.GET, "/api/health");
    const list = await step("guest", guest, products.GET, "/api/products");
    const first = (list.body as { id: string }[])[0]!;
    await step("guest", guest, productById.GET, `/api/products/${first.id}`, { params: { id: first.id } });
    await step("unknown", guest, productById.GET, "/api/products/ghost", { params: { id: "ghost" } });
    await step("guest", guest, search.GET, "/api/products/search", { query: { q: "fruit" } });
    const gameList = await step("guest", guest, games.GET, "/api/games");
    const game = (gameList.body as { id: string; slug: string }[])[0]!;
    await step("guest", guest, gameBySlug.GET, `/api/games/${game.slug}`, { params: { slug: game.slug } });
    await step("unknown", guest, gameBySlug.GET, "/api/games/ghost", { params: { slug: "ghost" } });
    await step("guest", guest, categories.GET, "/api/categories", { query: { gameId: game.id } });
    await step("guest", guest, faqs.GET, "/api/faqs");
    const posts = await step("guest", guest, blog.GET, "/api/blog");
    const post = (posts.body as { slug: string }[])[0];
    if (post) await step("guest", guest, blogBySlug.GET, `/api/blog/${post.slug}`, { params: { slug: post.slug } });
    await step("guest", guest, authCheck.GET, "/api/auth/check");
    const added = await step("guest", guest, cart.POST, "/api/cart", { body: { productId: first.id, quantity: 1 } });
    await step("guest", guest, cart.GET, "/api/cart");
    const lineId = (added.body as { id?: string }).id ?? "none";
    await step("guest", guest, cartById.PATCH, `/api/cart/${lineId}`, { method: "PATCH", params: { id: lineId }, body: { quantity: 2 } });
    await step("bad quantity", guest, cartById.PATCH, `/api/cart/${lineId}`, { method: "PATCH", params: { id: lineId }, body: { quantity: -1 } });
    await step("guest", guest, cartById.DELETE, `/api/cart/${lineId}`, { method: "DELETE", params: { id: lineId } });
    await step("bad body", guest, itemRequests.POST, "/api/item-requests", { body: { gameId: game.id } });
    await step("guest", guest, itemRequests.POST, "/api/item-requests", {
      body: { gameId: game.id, itemName: "Kitsune", email: "asker@shop.test", description: "" },
    });
    await step("guest", guest, orders.GET, "/api/orders");
    await step("guest", guest, adminOrders.GET, "/api/admin/orders");

    // A shopper: wishlist, a paid order, its chat and timeline, points, referrals, support.
    await step("shopper", buyer.browser, authCheck.GET, "/api/auth/check");
    await step("shopper", buyer.browser, authUser.GET, "/api/auth/user");
    const wished = await step("shopper", buyer.browser, wishlist.POST, "/api/wishlist", { body: { productId: first.id } });
    await step("shopper", buyer.browser, wishlist.GET, "/api/wishlist");
    const wishId = (wished.body as { id: string }).id;
    await step("shopper", buyer.browser, wishlistById.DELETE, `/api/wishlist/${wishId}`, { method: "DELETE", params: { id: wishId } });
    await step("unknown", buyer.browser, wishlistById.DELETE, "/api/wishlist/ghost", { method: "DELETE", params: { id: "ghost" } });
    await step("shopper", buyer.browser, validateCode.POST, "/api/discount-codes/validate", { body: { code: "SAVE5" } });
    await step("unknown code", buyer.browser, validateCode.POST, "/api/discount-codes/validate", { body: { code: "NOPE-NOPE" } });
    const fruit = await product(store, "Leopard Fruit (Permanent)");
    const { paymentId } = await preparedPayment(buyer.browser, fruit.id, 1);
    const captured = await captureCall(buyer.browser, paymentId);
    recorded.push({ step: "POST /paypal/order/{id}/capture (shopper)", status: captured.status, shape: shapeOf(captured.body) });
    const orderId = (captured.body as { order: { id: string } }).order.id;
    await step("shopper", buyer.browser, orders.GET, "/api/orders");
    await step("shopper", buyer.browser, orderTimeline.GET, `/api/orders/${orderId}/timeline`, { params: { id: orderId } });
    await step("shopper", buyer.browser, orderMessages.POST, `/api/orders/${orderId}/messages`, {
      params: { id: orderId },
      body: { message: "When will it arrive?" },
    });
    await step("shopper", buyer.browser, orderMessages.GET, `/api/orders/${orderId}/messages`, { params: { id: orderId } });
    await step("shopper", buyer.browser, points.GET, "/api/points");
    await step("shopper", buyer.browser, referrals.GET, "/api/referrals");
    const opened = await step("shopper", buyer.browser, conversations.POST, "/api/support/conversations", { body: { message: "Hello, I need help" } });
    const conversationId =
      (opened.body as { id?: string; conversationId?: string }).id ?? (opened.body as { conversationId?: string }).conversationId ?? "none";
    await step("shopper", buyer.browser, conversations.GET, "/api/support/conversations");
    await step("shopper", buyer.browser, conversationMessages.GET, `/api/support/conversations/${conversationId}/messages`, { params: { id: conversationId } });
    await step("shopper", buyer.browser, adminProducts.GET, "/api/admin/products");
    await step("shopper", buyer.browser, orderStatus.PATCH, `/api/orders/${orderId}/status`, {
      method: "PATCH",
      params: { id: orderId },
      body: { status: "completed" },
    });

    // An administrator: every list, a change, a conflict, a refusal of bad input.
    for (const [name, handler, path] of [
      ["orders", adminOrders.GET, "/api/admin/orders"],
      ["products", adminProducts.GET, "/api/admin/products"],
      ["users", adminUsers.GET, "/api/admin/users"],
      ["discount codes", discountCodes.GET, "/api/discount-codes"],
      ["submissions", adminSubmissions.GET, "/api/admin/submissions"],
      ["conversations", adminConversations.GET, "/api/admin/support/conversations"],
      ["analytics", adminAnalytics.GET, "/api/admin/analytics"],
      ["audit", adminAudit.GET, "/api/admin/audit"],
      ["staff", adminStaff.GET, "/api/admin/staff"],
      ["mail", adminMail.GET, "/api/admin/mail"],
      ["item requests", adminItemRequests.GET, "/api/admin/item-requests"],
      ["delivery queue", adminDeliveryQueue.GET, "/api/admin/delivery-queue"],
    ] as const) {
      await step(`admin ${name}`, boss.browser, handler, path);
    }
    await step("admin", boss.browser, orderStatus.PATCH, `/api/orders/${orderId}/status`, {
      method: "PATCH",
      params: { id: orderId },
      body: { status: "completed" },
    });
    const created = await step("admin", boss.browser, adminGames.POST, "/api/admin/games", { body: { name: "Shape Quest", slug: "shape-quest" } });
    await step("slug taken", boss.browser, adminGames.POST, "/api/admin/games", { body: { name: "Shape Quest", slug: "shape-quest" } });
    const gameId = (created.body as { id: string }).id;
    await step("admin", boss.browser, adminCategories.POST, "/api/admin/categories", { body: { gameId, name: "Swords" } });
    await step("admin", boss.browser, adminGameById.PATCH, `/api/admin/games/${gameId}`, {
      method: "PATCH",
      params: { id: gameId },
      body: { description: "Shapes" },
    });
    await step("admin", boss.browser, adminGameById.DELETE, `/api/admin/games/${gameId}`, { method: "DELETE", params: { id: gameId } });
    await step("admin", boss.browser, adminDiscountCodes.POST, "/api/admin/discount-codes", {
      body: { code: "SHAPES10", type: "percentage", amount: "10", status: "active" },
    });
    await step("bad amount", boss.browser, adminStoreCredit.PATCH, `/api/admin/users/${buyer.id}/store-credit`, {
      method: "PATCH",
      params: { userId: buyer.id },
      body: { amount: "-5", operation: "add" },
    });
    await step("admin", boss.browser, adminStoreCredit.PATCH, `/api/admin/users/${buyer.id}/store-credit`, {
      method: "PATCH",
      params: { userId: buyer.id },
      body: { amount: "5.00", operation: "add" },
    });

    if (process.env["RECORD_API_SHAPES"] === "1") {
      writeFileSync(FIXTURE, `${JSON.stringify(recorded, null, 1)}\n`);
      return;
    }
    const expected = JSON.parse(readFileSync(FIXTURE, "utf8")) as typeof recorded;
    expect(recorded.map((r) => r.step)).toEqual(expected.map((r) => r.step));
    for (const [index, answer] of recorded.entries()) expect(answer, answer.step).toEqual(expected[index]);
  });
});
