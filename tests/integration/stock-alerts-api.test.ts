import { afterAll, describe, expect, it } from "vitest";
import * as productById from "#src/pages/api/admin/products/[id].ts";
import * as adminItemRequest from "#src/pages/api/admin/item-requests/[id].ts";
import * as adminItemRequests from "#src/pages/api/admin/item-requests.ts";
import * as newProductForRequest from "#src/pages/api/admin/item-requests/[id]/product.ts";
import * as adminLogin from "#src/pages/api/auth/login.ts";
import * as adminStockAlerts from "#src/pages/api/admin/stock-alerts.ts";
import * as itemRequests from "#src/pages/api/item-requests.ts";
import * as stockAlerts from "#src/pages/api/products/[id]/stock-alerts.ts";
import * as unsubscribe from "#src/pages/api/stock-alerts/unsubscribe.ts";
import { linkIn, startSmtpServer } from "../support/smtp.ts";
import { joinStaff } from "./helpers/accounts.ts";
import { PASSWORD, product, setStock, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp, PUBLIC_URL, TEST_DATABASE } from "./helpers/test-app.ts";

// Back in stock (issue 36), through the routes and a real SMTP server.
const smtp = await startSmtpServer();
const store = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: "BloxBazaar <news@shop.test>" } });
const admin = await signInAdmin(store);
afterAll(() => smtp.close());

let ipCounter = 0;
const ask = (productId: string, email: string, ip = `198.51.100.${++ipCounter}`) =>
  store.call(stockAlerts.POST, `/api/products/${productId}/stock-alerts`, { method: "POST", params: { id: productId }, body: { email }, ip });

const restockTo = async (productId: string, stock: number) => {
  const { name } = await store.app.db.selectFrom("products").select("name").where("id", "=", productId).executeTakeFirstOrThrow();
  const saved = await admin.call(productById.PATCH, `/api/admin/products/${productId}`, { method: "PATCH", params: { id: productId }, body: { name, stock } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
};

/** An item request sent through the form (201): its id. */
async function requestItem(gameId: string, itemName: string, email: string, ip: string, description = ""): Promise<string> {
  const sent = await store.call(itemRequests.POST, "/api/item-requests", { method: "POST", body: { gameId, itemName, email, description }, ip });
  expect(sent.status).toBe(201);
  return sent.body.id as string;
}

async function inbox(email: string) {
  await store.app.mail.worker.drain();
  return smtp.to(email).filter((m) => / (is|was) back in stock$/.test(m.subject));
}

describe(`back in stock on ${TEST_DATABASE}`, () => {
  it("answers the same whether or not the address already waits, refuses bad input, and brakes one sender", async () => {
    const item = await product(store, "10M Diamonds");
    await setStock(store, item.id, 0);
    const first = await ask(item.id, "Same@Mail.test", "203.0.113.10");
    const again = await ask(item.id, "same@mail.test", "203.0.113.11");
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
    const rows = await store.app.db.selectFrom("stock_alerts").select(["email", "status"]).where("productId", "=", item.id).execute();
    expect(rows).toEqual([{ email: "same@mail.test", status: "waiting" }]);

    expect((await ask(item.id, "not-an-address")).status).toBe(400);
    expect((await ask("no-such-product", "x@mail.test")).status).toBe(404);
    // Five a minute per client address, whatever the email.
    const ip = "203.0.113.99";
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await ask(item.id, `brake${i}@mail.test`, ip)).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it("emails the earliest waiting addresses once, one per unit; the rest wait for the next restock; the unsubscribe link works without signing in", async () => {
    const item = await product(store, "Dragon Fruit (Permanent)");
    await setStock(store, item.id, 0);
    const waiting = ["first@mail.test", "second@mail.test", "third@mail.test"];
    for (const email of waiting) expect((await ask(item.id, email)).status).toBe(202);
    // Nothing while it is out of stock.
    expect(await inbox("first@mail.test")).toHaveLength(0);

    await restockTo(item.id, 2);
    expect(await inbox("first@mail.test")).toHaveLength(1);
    expect(await inbox("second@mail.test")).toHaveLength(1);
    expect(await inbox("third@mail.test")).toHaveLength(0);
    // More rounds, more stock while it is in stock: nobody is emailed again, and third still waits.
    await restockTo(item.id, 5);
    await store.app.mail.worker.drain();
    expect(await inbox("first@mail.test")).toHaveLength(1);
    expect(await inbox("third@mail.test")).toHaveLength(0);

    const mail = (await inbox("first@mail.test"))[0]!;
    expect(mail.subject).toBe(`${item.name} is back in stock`);
    expect(mail.text).toContain(`${PUBLIC_URL}/product/${item.id}`);
    const link = new URL(linkIn(mail, `${PUBLIC_URL}/stock-alerts/unsubscribe?token=`));
    const token = link.searchParams.get("token")!;
    const stranger = store.client();
    const done = await stranger.call(unsubscribe.POST, "/api/stock-alerts/unsubscribe", { body: { token } });
    expect(done.status).toBe(200);
    expect((await stranger.call(unsubscribe.POST, "/api/stock-alerts/unsubscribe", { body: { token: "x".repeat(43) } })).status).toBe(404);
    const firstRow = await store.app.db.selectFrom("stock_alerts").select("status").where("email", "=", "first@mail.test").executeTakeFirstOrThrow();
    expect(firstRow.status).toBe("unsubscribed");
    // The token unsubscribed that alert only.
    const secondRow = await store.app.db.selectFrom("stock_alerts").select("status").where("email", "=", "second@mail.test").executeTakeFirstOrThrow();
    expect(secondRow.status).toBe("notified");

    // Sold out, then back: the one still waiting hears about it.
    await restockTo(item.id, 0);
    await store.app.mail.worker.drain();
    await restockTo(item.id, 1);
    expect(await inbox("third@mail.test")).toHaveLength(1);
    expect(await inbox("second@mail.test")).toHaveLength(1);

    const list = await admin.call(adminStockAlerts.GET, "/api/admin/stock-alerts", { query: { status: "notified", limit: "2" } });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    expect(Number(list.headers.get("X-Total-Count"))).toBeGreaterThanOrEqual(2);
    expect(Object.keys(list.body[0]).sort()).toEqual(["createdAt", "email", "id", "itemRequestId", "notifiedAt", "productId", "productName", "status"]);
    expect((await store.client().call(adminStockAlerts.GET, "/api/admin/stock-alerts")).status).toBe(401);
  });

  it("an item request staff link to a product waits for it: the form's promise is kept", async () => {
    const item = await product(store, "Kitsune Fruit (Permanent)");
    await setStock(store, item.id, 0);
    const id = await requestItem(item.gameId, "Kitsune", "requester@mail.test", "192.0.2.7");
    const linked = await admin.call(adminItemRequest.PATCH, `/api/admin/item-requests/${id}`, {
      method: "PATCH",
      params: { id },
      body: { productId: item.id },
    });
    expect(linked.status).toBe(200);
    const missing = await admin.call(adminItemRequest.PATCH, "/api/admin/item-requests/nope", {
      method: "PATCH",
      params: { id: "nope" },
      body: { productId: item.id },
    });
    expect(missing.status).toBe(404);
    const listed = (await admin.call(adminItemRequests.GET, "/api/admin/item-requests")).body.find((r: { id: string }) => r.id === id);
    expect(listed).toMatchObject({ productId: item.id, productName: item.name });

    await restockTo(item.id, 3);
    expect(await inbox("requester@mail.test")).toHaveLength(1);
  });

  it("a restock that sells out again before the job runs is still told, as it was: 'was back in stock'", async () => {
    const item = await product(store, "Buddha Fruit (Permanent)");
    await setStock(store, item.id, 0);
    for (const email of ["early@mail.test", "later@mail.test"]) expect((await ask(item.id, email)).status).toBe(202);
    // 0 → 1 → 0 with no run of the job between: the restock was recorded when the stock changed.
    await restockTo(item.id, 1);
    await restockTo(item.id, 0);
    const events = await store.app.db.selectFrom("restock_events").select(["units", "processedAt"]).where("productId", "=", item.id).execute();
    expect(events).toEqual([{ units: 1, processedAt: null }]);

    const [mail, ...more] = await inbox("early@mail.test");
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`${item.name} was back in stock`);
    expect(mail!.text).toContain("sold out again");
    // One unit: one address told; the other waits for the next restock.
    expect(await inbox("later@mail.test")).toHaveLength(0);
    expect((await store.app.db.selectFrom("stock_alerts").select("status").where("email", "=", "later@mail.test").executeTakeFirstOrThrow()).status).toBe(
      "waiting",
    );
    // Processed once: more runs send nothing more.
    await store.app.mail.worker.drain();
    expect(await inbox("early@mail.test")).toHaveLength(1);
  });

  it("records no restock for a product nobody waits for", async () => {
    const item = await product(store, "Control Fruit (Permanent)");
    await setStock(store, item.id, 0);
    await restockTo(item.id, 4);
    expect(await store.app.db.selectFrom("restock_events").select("id").where("productId", "=", item.id).execute()).toEqual([]);
  });

  it("an item request linked to a product already in stock is told on the job's next run", async () => {
    const item = await product(store, "Dough Fruit (Permanent)");
    await setStock(store, item.id, 6);
    const id = await requestItem(item.gameId, "Dough", "instock@mail.test", "192.0.2.8");
    expect(
      (await admin.call(adminItemRequest.PATCH, `/api/admin/item-requests/${id}`, { method: "PATCH", params: { id }, body: { productId: item.id } })).status,
    ).toBe(200);
    const [mail, ...more] = await inbox("instock@mail.test");
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`${item.name} is back in stock`);
  });

  it("staff answer a request with a new product: made in its game at stock 0, linked, and the requester emailed at its first stock", async () => {
    const blox = await product(store, "Dragon Fruit (Permanent)");
    const id = await requestItem(blox.gameId, "Gas Fruit", "gas@mail.test", "192.0.2.9", "the new one");
    const make = (browser: typeof admin, requestId: string, body: Record<string, unknown>) =>
      browser.call(newProductForRequest.POST, "/x", { method: "POST", params: { id: requestId }, body });

    // A support agent answers requests but does not add products.
    await signIn(store, "agent-requests@shop.test");
    await joinStaff(store, admin, "agent-requests@shop.test", "support", PASSWORD);
    const agent = store.client();
    expect((await agent.call(adminLogin.POST, "/api/auth/login", { body: { email: "agent-requests@shop.test", password: PASSWORD } })).status).toBe(200);
    expect((await make(agent, id, { category: "Fruits", price: "19.99" })).status).toBe(403);
    expect((await make(admin, "nope", { category: "Fruits", price: "19.99" })).status).toBe(404);
    expect((await make(admin, id, { category: "Fruits", price: "-1" })).status).toBe(400);
    expect((await make(admin, id, { category: "", price: "19.99" })).status).toBe(400);

    const made = await make(admin, id, { category: "Fruits", price: "19.99" });
    expect(made.status).toBe(201);
    const productId = made.body.productId as string;
    const row = await store.app.db.selectFrom("products").selectAll().where("id", "=", productId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: "Gas Fruit", gameId: blox.gameId, category: "Fruits", priceCents: 1999, stock: 0 });
    const listed = (await admin.call(adminItemRequests.GET, "/api/admin/item-requests")).body.find((r: { id: string }) => r.id === id);
    expect(listed).toMatchObject({ productId, productName: "Gas Fruit" });
    const audited = await store.app.db.selectFrom("audit_entries").select("kind").where("entityId", "=", productId).execute();
    expect(audited.map((a) => a.kind)).toContain("product.create");

    // Nothing until it has stock; then one email.
    expect(await inbox("gas@mail.test")).toHaveLength(0);
    await restockTo(productId, 2);
    const [mail, ...more] = await inbox("gas@mail.test");
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("Gas Fruit is back in stock");
  });
});
