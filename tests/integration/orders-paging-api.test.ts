import { describe, expect, it } from "vitest";
import * as user from "#src/pages/api/auth/user.ts";
import * as orders from "#src/pages/api/orders/index.ts";
import { createTestApp } from "./helpers/test-app.ts";
import { signIn } from "./helpers/shoppers.ts";

// Issue 33: GET /api/orders answers one page of the shopper's own orders (20 by default, at most
// 100), newest first, and X-Next-Cursor while more follow; items, refunds and payment history come
// with each order of the page. 45 orders, three of them at the same instant (the id breaks the tie).

const store = await createTestApp();
const db = store.app.db;
const shopper = await signIn(store, "paging-shopper@shop.test");
const other = await signIn(store, "other-shopper@shop.test");

const COUNT = 45;
const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, Math.min(i, 40))).toISOString();
const orderIds = Array.from({ length: COUNT }, (_, i) => `order-${String(i).padStart(3, "0")}`);

async function insertOrder(id: string, userId: string, createdAt: string, i: number) {
  await db
    .insertInto("orders")
    .values({
      id,
      userId,
      status: "completed",
      robloxUsername: "Pager",
      email: "paging-shopper@shop.test",
      subtotalCents: 100 * (i + 1),
      discountCodeId: null,
      discountCode: null,
      discountCents: 0,
      totalCents: 100 * (i + 1),
      paymentProvider: "sandbox",
      paymentId: `PAY-${id}`,
      captureId: null,
      checkoutId: `co-${id}`,
      stockReturned: 0,
      createdAt,
      updatedAt: createdAt,
      disputeStatus: null,
      paidAt: null,
      deliveryDueAt: null,
      deliveryStartedAt: null,
      deliveryStartedBy: null,
      deliveredAt: null,
      lateAt: null,
      compensatedAt: null,
      compensationPoints: null,
      atRiskAt: null,
    })
    .execute();
  await db
    .insertInto("order_items")
    .values(
      [0, 1].map((n) => ({
        id: `${id}-item-${n}`,
        orderId: id,
        productId: `p-${n}`,
        productName: `${id} item ${n}`,
        gameId: "g",
        unitPriceCents: 50,
        quantity: n + 1,
      })),
    )
    .execute();
  await db
    .insertInto("payment_history")
    .values({ orderId: id, kind: "captured", amountCents: 100, note: `paid ${id}`, at: createdAt })
    .execute();
  if (i % 10 === 0) {
    await db
      .insertInto("refunds")
      .values({
        id: `${id}-refund`,
        orderId: id,
        amountCents: 10,
        destination: "store_credit",
        status: "completed",
        reason: "test",
        idempotencyKey: null,
        providerRefundId: null,
        actorId: null,
        createdAt,
      })
      .execute();
  }
}

for (const [i, id] of orderIds.entries()) await insertOrder(id, shopper.userId, at(i), i);
await insertOrder("order-of-another", other.userId, at(50), 0);

/** Newest first; equal instants by id, descending. */
const expected = orderIds.map((id, i) => ({ id, at: at(i) })).sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1));

describe("GET /api/orders pages", () => {
  it("answers the newest 20 without parameters, and the cursor of the next page", async () => {
    const res = await shopper.call(orders.GET, "/api/orders");
    expect(res.status).toBe(200);
    expect(res.body.map((o: { id: string }) => o.id)).toEqual(expected.slice(0, 20).map((o) => o.id));
    expect(res.headers.get("x-next-cursor")).toBe(expected[19]!.id);
  });

  it("walks every order once with limit and before, through ties of createdAt, and ends without a cursor", async () => {
    const seen: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const query: Record<string, string> = { limit: "7", ...(before ? { before } : {}) };
      const res = await shopper.call(orders.GET, "/api/orders", { query });
      expect(res.status).toBe(200);
      expect(res.body.length).toBeLessThanOrEqual(7);
      seen.push(...res.body.map((o: { id: string }) => o.id));
      before = res.headers.get("x-next-cursor");
      pages++;
    } while (before !== null);
    expect(pages).toBe(Math.ceil(COUNT / 7));
    expect(seen).toEqual(expected.map((o) => o.id));
  });

  it("gives each order its own items, payment history and refunds", async () => {
    const res = await shopper.call(orders.GET, "/api/orders", { query: { limit: "100" } });
    expect(res.body).toHaveLength(COUNT);
    for (const order of res.body as { id: string; items: { productName: string }[]; paymentHistory: { note: string }[]; refunds: { orderId: string }[] }[]) {
      expect(order.items.map((item) => item.productName)).toEqual([`${order.id} item 0`, `${order.id} item 1`]);
      expect(order.paymentHistory.map((h) => h.note)).toEqual([`paid ${order.id}`]);
      const i = orderIds.indexOf(order.id);
      expect(order.refunds.map((r) => r.orderId)).toEqual(i % 10 === 0 ? [order.id] : []);
    }
  });

  it("never pages into another shopper's orders: their order id as a cursor answers nothing", async () => {
    const res = await shopper.call(orders.GET, "/api/orders", { query: { before: "order-of-another" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.headers.get("x-next-cursor")).toBeNull();
    const theirs = await other.call(orders.GET, "/api/orders");
    expect(theirs.body.map((o: { id: string }) => o.id)).toEqual(["order-of-another"]);
  });

  it("refuses a limit over 100 or below 1 with 400, and asks for a session", async () => {
    for (const limit of ["101", "0", "x"]) expect((await shopper.call(orders.GET, "/api/orders", { query: { limit } })).status).toBe(400);
    expect((await store.client().call(orders.GET, "/api/orders")).status).toBe(401);
  });

  it("GET /api/auth/user carries the newest page of orders, not all of them", async () => {
    const res = await shopper.call(user.GET, "/api/auth/user");
    expect(res.status).toBe(200);
    expect(res.body.orders.map((o: { id: string }) => o.id)).toEqual(expected.slice(0, 20).map((o) => o.id));
  });
});
