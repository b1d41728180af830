import { afterAll, describe, expect, it } from "vitest";
import * as accountRoute from "#src/pages/api/account/index.ts";
import * as exportRoute from "#src/pages/api/account/export.ts";
import * as adminOrders from "#src/pages/api/admin/orders.ts";
import * as settings from "#src/pages/api/admin/risk/settings.ts";
import * as capture from "#src/pages/paypal/order/[id]/capture.ts";
import { ADDRESS_ORDERS_PER_HOUR } from "#domain/risk/risk-rules.ts";
import { startPayPalFixtureServer } from "../support/paypal-fixture-server.ts";
import { PASSWORD, preparedPayment, product, setStock, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

// Issue 37: the PayPal payer (orders-capture-completed-payer.json, PayPal's documented capture sample,
// tests/fixtures/paypal/README.md) and the buyer's address (behind the store's own proxy: TRUST_PROXY)
// are stored with each order and feed the rules about payers and addresses.
const paypal = await startPayPalFixtureServer();
afterAll(() => paypal.close());
const store = await createTestApp({
  env: {
    PAYMENT_PROVIDER: "paypal",
    PAYPAL_CLIENT_ID: paypal.credentials.clientId,
    PAYPAL_CLIENT_SECRET: paypal.credentials.clientSecret,
    PAYPAL_API_BASE: paypal.apiBase,
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
    TRUST_PROXY: "true",
    SIGN_UP_LIMIT_PER_MINUTE: "1000",
    SIGN_IN_LIMIT_PER_MINUTE: "1000",
    CHECKOUT_PREPARE_LIMIT_PER_MINUTE: "100000",
  },
});
const admin = await signInAdmin(store);
// Every rule on, nothing held: these tests read the reasons, not the hold.
expect((await admin.call(settings.PATCH, "/api/admin/risk/settings", { method: "PATCH", body: { holdScore: 100 } })).status).toBe(200);
const item = await product(store, "1,700 Robux Pack");
await setStock(store, item.id, 1000);
let n = 0;
type Browser = Awaited<ReturnType<typeof signIn>>;
const shopper = (ip?: string) => signIn(store, `payer${++n}@shop.test`, store.client(ip ? { ip } : {}));

/** Pays one pack as `payer` (the buyer's own PayPal account unless told), through our proxy from `address`. */
async function pay(buyer: Browser, payer: { id?: string; email?: string; country?: string } = {}, address = "198.51.100.1") {
  const { paymentId } = await preparedPayment(buyer, item.id, 1, { robloxUsername: `Payer_${buyer.userId.slice(0, 6)}` });
  paypal.next("capture", "orders-capture-completed-payer", {
    payerId: payer.id ?? `P${buyer.userId.slice(0, 12)}`,
    payerEmail: payer.email ?? buyer.email,
    payerCountry: payer.country ?? "US",
  });
  // The first entry is whatever the client claimed; our proxy appends the address it saw last.
  const res = await buyer.call(capture.POST, `/paypal/order/${paymentId}/capture`, {
    params: { id: paymentId },
    body: {},
    headers: { "x-forwarded-for": `6.6.6.6, ${address}` },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order.id as string;
}
const risk = async (id: string) => ((await admin.call(adminOrders.GET, "/api/admin/orders")).body as any[]).find((o) => o.id === id).risk;
const reasonsOf = async (id: string) => ((await risk(id)).reasons as string[]).join(" | ");

describe(`the payer and the address feed the risk rules on ${TEST_DATABASE}`, () => {
  it("stores the capture's payer and the address our proxy saw (not the forged one) with the order, and not in any order list", async () => {
    const buyer = await shopper();
    const id = await pay(buyer, { id: "QYR5Z8XDVJNXQ", country: "us" }, "198.51.100.20");
    const row = await store.app.db.selectFrom("order_payers").selectAll().where("orderId", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userId: buyer.userId, payerId: "qyr5z8xdvjnxq", payerEmail: buyer.email, payerCountry: "US", clientIp: "198.51.100.20" });
    expect(await reasonsOf(id)).not.toMatch(/payer|this address/);
    const listed = JSON.stringify((await admin.call(adminOrders.GET, "/api/admin/orders")).body);
    expect(listed).not.toMatch(/qyr5z8xdvjnxq|198\.51\.100\.20/i);
  });

  it("a second PayPal payer on one account in a day fires several_payers", async () => {
    const buyer = await shopper();
    await pay(buyer, { id: "PAYERONE0001" });
    const second = await pay(buyer, { id: "PAYERTWO0002" });
    expect(await reasonsOf(second)).toContain("2 different payers on this account in the last day");
  });

  it("a payer whose email is not the account's fires payer_email_differs", async () => {
    const buyer = await shopper();
    const id = await pay(buyer, { email: "someone.else@example.com" });
    expect(await reasonsOf(id)).toContain("The payer's email is not the account's");
  });

  it("a payer country unlike the account's earlier payers' fires payer_country_differs", async () => {
    const buyer = await shopper();
    const first = await pay(buyer, { country: "US" });
    expect(await reasonsOf(first)).not.toContain("country");
    const second = await pay(buyer, { country: "NG" });
    expect(await reasonsOf(second)).toContain("The payer's country is not the account's");
  });

  it("a payer who paid for another account fires payer_shared", async () => {
    const first = await shopper();
    const second = await shopper();
    await pay(first, { id: "SHAREDPAYER01", email: "shared@example.com" });
    const id = await pay(second, { id: "SHAREDPAYER01", email: "shared@example.com" });
    expect(await reasonsOf(id)).toContain("The payer paid for 1 other account(s)");
  });

  it(`${ADDRESS_ORDERS_PER_HOUR} orders from one address in an hour, by different accounts, fire address_velocity_hour`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < ADDRESS_ORDERS_PER_HOUR; i++) ids.push(await pay(await shopper(), {}, "203.0.113.99"));
    expect(await reasonsOf(ids[ADDRESS_ORDERS_PER_HOUR - 2]!)).not.toContain("from this address");
    expect(await reasonsOf(ids[ADDRESS_ORDERS_PER_HOUR - 1]!)).toContain(`${ADDRESS_ORDERS_PER_HOUR} orders from this address in the last hour`);
  });

  it("the account's data export includes who paid; deleting the account erases it", async () => {
    const buyer = await shopper();
    const id = await pay(buyer, { id: "EXPORTPAYER1", country: "GB" }, "198.51.100.30");
    const exported = await buyer.call(exportRoute.GET, "/api/account/export");
    expect(exported.status).toBe(200);
    expect(exported.body.orders.find((o: any) => o.id === id).payment).toEqual({
      payerId: "exportpayer1",
      payerEmail: buyer.email,
      payerCountry: "GB",
      clientIp: "198.51.100.30",
    });
    const deleted = await buyer.call(accountRoute.DELETE, "/api/account", { method: "DELETE", body: { password: PASSWORD } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
    expect(await store.app.db.selectFrom("order_payers").selectAll().where("orderId", "=", id).execute()).toEqual([]);
  });
});
