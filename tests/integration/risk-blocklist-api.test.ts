import { describe, expect, it } from "vitest";
import * as adminOrders from "#src/pages/api/admin/orders.ts";
import * as blocklist from "#src/pages/api/admin/blocklist.ts";
import * as deliveryQueue from "#src/pages/api/admin/delivery-queue.ts";
import * as cart from "#src/pages/api/cart/index.ts";
import * as prepare from "#src/pages/api/checkout/prepare.ts";
import { captureCall, claimFor, preparedPayment, product, setStock, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

// Issue 37's blocklist: address ranges (IPv4 and IPv6 CIDR), the party's open orders held when an
// entry is added, and the list paged on the server. The sandbox provider: no payer, the address alone.
const store = await createTestApp({
  env: { SIGN_UP_LIMIT_PER_MINUTE: "1000", SIGN_IN_LIMIT_PER_MINUTE: "1000", CHECKOUT_PREPARE_LIMIT_PER_MINUTE: "100000" },
});
const admin = await signInAdmin(store);
const item = await product(store, "1,700 Robux Pack");
await setStock(store, item.id, 1000);
let n = 0;
const shopper = (ip: string) => signIn(store, `block${++n}@shop.test`, store.client({ ip }));
const add = (body: Record<string, unknown>) => admin.call(blocklist.POST, "/api/admin/blocklist", { body });
async function tryPrepare(buyer: Awaited<ReturnType<typeof shopper>>) {
  expect((await buyer.call(cart.POST, "/api/cart", { body: { productId: item.id, quantity: 1 } })).status).toBeLessThan(300);
  return buyer.call(prepare.POST, "/api/checkout/prepare", { body: await claimFor(buyer, { robloxUsername: `Block_${n}` }) });
}

describe(`the blocklist on ${TEST_DATABASE}`, () => {
  it("an IPv4 range refuses checkout from any address in it, and only there", async () => {
    expect((await add({ kind: "ip", value: "203.0.113.0/24", note: "Card testing from this network" })).status).toBe(201);
    expect((await tryPrepare(await shopper("203.0.113.77"))).status).toBe(403);
    expect((await tryPrepare(await shopper("203.0.114.1"))).status).toBe(201);
  });

  it("an IPv6 range refuses checkout from any address in it", async () => {
    expect((await add({ kind: "ip", value: "2001:db8:abcd::/48", note: "" })).status).toBe(201);
    expect((await tryPrepare(await shopper("2001:db8:abcd:12::9"))).status).toBe(403);
    expect((await tryPrepare(await shopper("2001:db8:abce::9"))).status).toBe(201);
  });

  it("refuses what is not an address or a range, and an email that is no email (400)", async () => {
    for (const value of ["203.0.113.0/33", "2001:db8::/129", "10.0.0.300", "example.com"])
      expect((await add({ kind: "ip", value, note: "" })).status).toBe(400);
    expect((await add({ kind: "email", value: "not-an-email", note: "" })).status).toBe(400);
  });

  it("adding an entry holds the party's open orders: off the delivery queue, the reason shown; others untouched", async () => {
    const buyer = await shopper("198.51.100.40");
    const bystander = await shopper("198.51.100.41");
    const paid = async (who: typeof buyer) => {
      const { paymentId } = await preparedPayment(who, item.id, 1, { robloxUsername: `Open_${who.userId.slice(0, 6)}` });
      const res = await captureCall(who, paymentId);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.order.id as string;
    };
    const theirs = await paid(buyer);
    const others = await paid(bystander);
    const queue = async () => ((await admin.call(deliveryQueue.GET, "/api/admin/delivery-queue")).body.orders as any[]).map((o) => o.id);
    expect(await queue()).toEqual(expect.arrayContaining([theirs, others]));

    const added = await add({ kind: "ip", value: "198.51.100.40", note: "Reported stolen PayPal" });
    expect(added.status).toBe(201);
    expect(added.body.heldOrders).toEqual([theirs]);
    expect(await queue()).not.toContain(theirs);
    expect(await queue()).toContain(others);
    const listed = ((await admin.call(adminOrders.GET, "/api/admin/orders", { query: { risk: "held" } })).body as any[]).find((o) => o.id === theirs);
    expect(listed.risk).toMatchObject({ state: "held", reasons: expect.arrayContaining(["The account, its username, payer or address is on the blocklist"]) });
  });

  it("pages on the server: limit and offset, newest first, the total in X-Total-Count", async () => {
    for (let i = 0; i < 5; i++) expect((await add({ kind: "email_domain", value: `spam${i}.example`, note: "" })).status).toBe(201);
    const first = await admin.call(blocklist.GET, "/api/admin/blocklist", { query: { limit: "2", offset: "0", kind: "email_domain" } });
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Total-Count")).toBe("5");
    expect(first.body.map((b: any) => b.value)).toEqual(["spam4.example", "spam3.example"]);
    const last = await admin.call(blocklist.GET, "/api/admin/blocklist", { query: { limit: "2", offset: "4", kind: "email_domain" } });
    expect(last.body.map((b: any) => b.value)).toEqual(["spam0.example"]);
    expect((await admin.call(blocklist.GET, "/api/admin/blocklist", { query: { limit: "101" } })).status).toBe(400);
  });
});
