import { describe, expect, it } from "vitest";
import * as adminOrders from "#src/pages/api/admin/orders.ts";
import * as privateServer from "#src/pages/api/admin/orders/[id]/private-server.ts";
import * as orders from "#src/pages/api/orders/index.ts";
import * as timeline from "#src/pages/api/orders/[id]/timeline.ts";
import * as productById from "#src/pages/api/products/[id].ts";
import * as status from "#src/pages/api/orders/[id]/status.ts";
import { ADMIN, captureCall, preparedPayment, product, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp } from "./helpers/test-app.ts";

// The private-server link an order is delivered through, and each item's delivery method as paid.
const store = await createTestApp();
const admin = await signInAdmin(store);
const { db } = store.app;
const PRODUCT_LINK = "https://www.roblox.com/share?code=product0fixture&type=Server";
const STAFF_LINK = "https://www.roblox.com/share?code=staff0fixture&type=Server";
let n = 0;

async function privateServerOrder() {
  const item = await product(store, "Leopard Fruit (Permanent)");
  await db.updateTable("products").set({ deliveryMethod: "private_server", privateServerUrl: PRODUCT_LINK }).where("id", "=", item.id).execute();
  const buyer = await signIn(store, `private${++n}@shop.test`);
  const { paymentId } = await preparedPayment(buyer, item.id, 1, { robloxUsername: "Builder_42" });
  expect((await captureCall(buyer, paymentId)).status).toBe(201);
  const order = (await buyer.call(orders.GET, "/api/orders")).body[0] as { id: string; privateServerUrl: string | null; items: { deliveryMethod: string }[] };
  return { buyer, order, item };
}

const staffOrder = async (id: string) => {
  const body = (await admin.call(adminOrders.GET, "/api/admin/orders", { query: { search: id } })).body;
  return (Array.isArray(body) ? body : body.orders).find((o: { id: string }) => o.id === id);
};
const setLink = (id: string, url: string | null, as = admin) =>
  as.call(privateServer.PUT, `/api/admin/orders/${id}/private-server`, { method: "PUT", params: { id }, body: { url } });

describe("the private-server link", () => {
  it("is the product's at payment, then the one staff give; the owner and staff see it", async () => {
    const { buyer, order } = await privateServerOrder();
    expect(order.privateServerUrl).toBe(PRODUCT_LINK);
    expect((await staffOrder(order.id)).privateServerUrl).toBe(PRODUCT_LINK);
    expect((await setLink(order.id, STAFF_LINK)).status).toBe(200);
    expect((await buyer.call(orders.GET, "/api/orders")).body[0].privateServerUrl).toBe(STAFF_LINK);
    expect((await staffOrder(order.id)).privateServerUrl).toBe(STAFF_LINK);
    // Who set it, and what it was before, is in the audit trail (staff read it; a link to a
    // stranger's server must be traceable to whoever set it).
    const entry = await db
      .selectFrom("audit_entries")
      .selectAll()
      .where("kind", "=", "order.privateServer")
      .where("entityId", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(entry.before))).toEqual({ privateServerUrl: PRODUCT_LINK });
    expect(JSON.parse(String(entry.after))).toEqual({ privateServerUrl: STAFF_LINK });
    expect(entry.adminEmail).toBe(ADMIN.email);
  });

  it("is refused unless it is a Roblox https link, on an order that exists and is still open", async () => {
    const { order } = await privateServerOrder();
    for (const url of ["http://www.roblox.com/share?code=x", "https://roblox.com.evil.example/x", "javascript:alert(1)"]) {
      const refused = await setLink(order.id, url);
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toHaveProperty("url");
    }
    expect((await setLink("no-such-order", STAFF_LINK)).status).toBe(404);
    expect(
      (await admin.call(status.PATCH, `/api/orders/${order.id}/status`, { method: "PATCH", params: { id: order.id }, body: { status: "cancelled" } })).status,
    ).toBe(200);
    expect((await setLink(order.id, STAFF_LINK)).status).toBe(409);
    // Only staff give it.
    const stranger = await signIn(store, `stranger${++n}@shop.test`);
    expect((await setLink(order.id, STAFF_LINK, stranger)).status).toBe(403);
  });

  it("reaches nobody else: not another shopper, not the public product, not an email, event or webhook (staff's audit trail aside)", async () => {
    const { order, item } = await privateServerOrder();
    const other = await signIn(store, `other${++n}@shop.test`);
    const theirs = (await other.call(orders.GET, "/api/orders")).body as { id: string }[];
    expect(theirs.map((o) => o.id)).not.toContain(order.id);
    expect((await other.call(timeline.GET, `/api/orders/${order.id}/timeline`, { params: { id: order.id } })).status).toBeGreaterThanOrEqual(403);
    const shown = await store.call(productById.GET, `/api/products/${item.id}`, { params: { id: item.id } });
    expect(JSON.stringify(shown.body)).not.toContain("product0fixture");
    const written = JSON.stringify([
      await db.selectFrom("mail_outbox").selectAll().execute(),
      await db.selectFrom("events").select(["type", "payload"]).execute(),
      await db.selectFrom("webhook_deliveries").selectAll().execute(),
    ]);
    expect(written).not.toContain("product0fixture");
    expect(written).not.toContain("staff0fixture");
  });
});

describe("an order item's delivery method", () => {
  it("is the product's at payment: changing the product later does not change a paid order", async () => {
    const { buyer, order, item } = await privateServerOrder();
    expect(order.items.map((i) => i.deliveryMethod)).toEqual(["private_server"]);
    await db.updateTable("products").set({ deliveryMethod: "gift", privateServerUrl: null }).where("id", "=", item.id).execute();
    const again = (await buyer.call(orders.GET, "/api/orders")).body[0];
    expect(again.items.map((i: { deliveryMethod: string }) => i.deliveryMethod)).toEqual(["private_server"]);
    expect(again.privateServerUrl).toBe(PRODUCT_LINK);
  });
});
