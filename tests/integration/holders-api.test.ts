import { describe, expect, it } from "vitest";
import * as holders from "#src/pages/api/admin/holders/index.ts";
import * as holderStock from "#src/pages/api/admin/holders/[id]/stock.ts";
import * as holderLost from "#src/pages/api/admin/holders/[id]/lost.ts";
import * as holderRestore from "#src/pages/api/admin/holders/[id]/restore.ts";
import * as orderHolder from "#src/pages/api/admin/orders/[id]/holder.ts";
import * as orderDeliverer from "#src/pages/api/admin/orders/[id]/deliverer.ts";
import * as adminOrders from "#src/pages/api/admin/orders.ts";
import * as deliveryQueue from "#src/pages/api/admin/delivery-queue.ts";
import * as status from "#src/pages/api/orders/[id]/status.ts";
import * as myOrders from "#src/pages/api/orders/index.ts";
import * as products from "#src/pages/api/products/index.ts";
import * as audit from "#src/pages/api/admin/audit.ts";
import * as productById from "#src/pages/api/admin/products/[id].ts";
import { captureCall, preparedPayment, product, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createPayPalTestStore } from "./helpers/paypal-store.ts";
import { TEST_DATABASE } from "./helpers/test-app.ts";

// Stock on the Roblox accounts that hold it, through the real pipeline and the Roblox fixture server.
const { store } = await createPayPalTestStore();
const admin = await signInAdmin(store);
let n = 0;

async function register(gameId: string, robloxUsername: string) {
  const res = await admin.call(holders.POST, "/api/admin/holders", { body: { gameId, robloxUsername, note: "the trading alt" } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; robloxUsername: string; robloxUserId: string; avatarUrl: string | null; stock: { productId: string; quantity: number }[] };
}
const stock = (holderId: string, productId: string, quantity: number) =>
  admin.call(holderStock.PUT, "/x", { method: "PUT", params: { id: holderId }, body: { productId, quantity } });
const shopperStock = async (productId: string) => (await store.call(products.GET, "/api/products")).body.find((p: { id: string }) => p.id === productId).stock;

async function buy(productId: string, quantity: number) {
  const buyer = await signIn(store, `holder-buyer-${TEST_DATABASE}-${++n}@shop.test`);
  const { paymentId } = await preparedPayment(buyer, productId, quantity);
  const placed = await captureCall(buyer, paymentId);
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return { buyer, orderId: placed.body.order.id as string };
}
const adminOrder = async (orderId: string) =>
  (await admin.call(adminOrders.GET, "/api/admin/orders?limit=50")).body.find((o: { id: string }) => o.id === orderId);

describe(`holder accounts on ${TEST_DATABASE}`, () => {
  it("registers an account through the Roblox directory, and a product's stock becomes the sum over its active holders (audited)", async () => {
    const item = await product(store, "Shadow Dragon (Full Grown)");
    const holder = await register(item.gameId, "AMholder_one");
    expect(holder).toMatchObject({ robloxUsername: "AMholder_one", robloxUserId: expect.stringMatching(/^\d+$/), stock: [] });
    const second = await register(item.gameId, "AMholder_two");
    expect((await stock(holder.id, item.id, 3)).status).toBe(200);
    expect((await stock(second.id, item.id, 2)).body.stock).toEqual([{ productId: item.id, productName: "Shadow Dragon (Full Grown)", quantity: 2 }]);
    expect(await shopperStock(item.id)).toBe(5);
    const trail = (await admin.call(audit.GET, "/api/admin/audit?kind=holder.stock")).body;
    expect(JSON.stringify(trail)).toContain(second.id);
  });

  it("refuses at the field: an unknown or banned account, the same account twice, a product of another game, a negative stock", async () => {
    const item = await product(store, "Shadow Dragon (Full Grown)");
    const missing = await admin.call(holders.POST, "/api/admin/holders", { body: { gameId: item.gameId, robloxUsername: "Nobody_Here" } });
    expect([missing.status, missing.body.fields]).toEqual([422, { robloxUsername: expect.stringMatching(/could not find/) }]);
    const banned = await admin.call(holders.POST, "/api/admin/holders", { body: { gameId: item.gameId, robloxUsername: "Banned_Alt" } });
    expect([banned.status, Object.keys(banned.body.fields)]).toEqual([422, ["robloxUsername"]]);
    const holder = await register(item.gameId, "AMholder_dup");
    const twice = await admin.call(holders.POST, "/api/admin/holders", { body: { gameId: item.gameId, robloxUsername: "AMHOLDER_DUP" } });
    expect([twice.status, Object.keys(twice.body.fields)]).toEqual([409, ["robloxUsername"]]);
    const other = await store.app.db.selectFrom("products").select("id").where("gameId", "<>", item.gameId).executeTakeFirstOrThrow();
    const wrongGame = await stock(holder.id, other.id, 1);
    expect([wrongGame.status, Object.keys(wrongGame.body.fields)]).toEqual([400, ["productId"]]);
    const negative = await stock(holder.id, item.id, -1);
    expect([negative.status, Object.keys(negative.body.fields)]).toEqual([400, ["quantity"]]);
  });

  it("reserves a paid order on one holder holding it all, shows it to staff, and lets staff move it before delivery starts", async () => {
    const item = await product(store, "Frost Dragon");
    const small = await register(item.gameId, "AMfrost_small");
    const big = await register(item.gameId, "AMfrost_big");
    await stock(small.id, item.id, 1);
    await stock(big.id, item.id, 4);
    const { orderId } = await buy(item.id, 2);
    expect((await adminOrder(orderId)).holder).toEqual({ id: big.id, robloxUsername: "AMfrost_big", lost: false });
    const queued = (await admin.call(deliveryQueue.GET, "/api/admin/delivery-queue")).body.orders.find((o: { id: string }) => o.id === orderId);
    expect(queued.holder).toEqual({ id: big.id, robloxUsername: "AMfrost_big", lost: false });
    expect(await shopperStock(item.id)).toBe(3);

    // A holder of another game is refused at the field, before anything moves.
    const otherGame = await store.app.db.selectFrom("games").select("id").where("id", "<>", item.gameId).executeTakeFirstOrThrow();
    const stranger = await register(otherGame.id, "AMother_game");
    const foreign = await admin.call(orderHolder.POST, "/x", { params: { id: orderId }, body: { holderId: stranger.id } });
    expect([foreign.status, foreign.body.fields]).toEqual([
      422,
      { holderId: "AMother_game holds stock of another game: choose a holder of this order's game." },
    ]);
    expect((await adminOrder(orderId)).holder).toEqual({ id: big.id, robloxUsername: "AMfrost_big", lost: false });

    // The small one cannot take it all: nothing changes.
    const short = await admin.call(orderHolder.POST, "/x", { params: { id: orderId }, body: { holderId: small.id } });
    expect([short.status, Object.keys(short.body.fields)]).toEqual([409, ["holderId"]]);
    await stock(small.id, item.id, 2);
    const moved = await admin.call(orderHolder.POST, "/x", { params: { id: orderId }, body: { holderId: small.id } });
    expect(moved.body).toEqual({ orderId, holder: { id: small.id, robloxUsername: "AMfrost_small" } });
    const rows = await store.app.db.selectFrom("holder_stock").select(["holderId", "quantity"]).where("productId", "=", item.id).execute();
    expect(Object.fromEntries(rows.map((r) => [r.holderId, Number(r.quantity)]))).toEqual({ [small.id]: 0, [big.id]: 4 });
    expect(await shopperStock(item.id)).toBe(4);

    expect((await admin.call(status.PATCH, "/x", { method: "PATCH", params: { id: orderId }, body: { status: "processing" } })).status).toBe(200);
    const late = await admin.call(orderHolder.POST, "/x", { params: { id: orderId }, body: { holderId: big.id } });
    expect([late.status, late.body.code]).toEqual([409, "delivery_already_started"]);
  });

  it("an order the biggest holder cannot cover alone goes on the fewest holders", async () => {
    const item = await product(store, "Neon Owl");
    const holdersOf = await Promise.all(["AMowl_a", "AMowl_b", "AMowl_c"].map((name) => register(item.gameId, name)));
    await stock(holdersOf[0]!.id, item.id, 1);
    await stock(holdersOf[1]!.id, item.id, 3);
    await stock(holdersOf[2]!.id, item.id, 2);
    const { orderId } = await buy(item.id, 5);
    const reserved = await store.app.db.selectFrom("holder_reservations").select(["holderId", "quantity"]).where("orderId", "=", orderId).execute();
    expect(Object.fromEntries(reserved.map((r) => [r.holderId, Number(r.quantity)]))).toEqual({ [holdersOf[1]!.id]: 3, [holdersOf[2]!.id]: 2 });
    expect((await adminOrder(orderId)).holder.id).toBe(holdersOf[1]!.id);
  });

  it("lost: zeroes the account, recounts its products (Out of stock at 0), lists its open orders for another holder; restored with its stock re-entered", async () => {
    const item = await product(store, "Giraffe");
    const lostOne = await register(item.gameId, "AMgiraffe_lost");
    const spare = await register(item.gameId, "AMgiraffe_spare");
    await stock(lostOne.id, item.id, 3);
    const { orderId } = await buy(item.id, 1);
    expect(await shopperStock(item.id)).toBe(2);

    const lost = await admin.call(holderLost.POST, "/x", { params: { id: lostOne.id }, body: { note: "banned by Roblox" } });
    expect(lost.status).toBe(200);
    expect(lost.body).toMatchObject({
      status: "lost",
      lostNote: "banned by Roblox",
      ordersToReassign: [orderId],
      stock: [{ productId: item.id, quantity: 0 }],
    });
    expect(await shopperStock(item.id)).toBe(0);
    const waiting = await admin.call(adminOrders.GET, "/api/admin/orders?needsHolder=1");
    expect([waiting.body.map((o: { id: string }) => o.id), waiting.headers.get("x-total-count")]).toEqual([[orderId], "1"]);
    expect((await admin.call(deliveryQueue.GET, "/api/admin/delivery-queue")).body.needsHolder).toBe(1);
    expect((await stock(lostOne.id, item.id, 5)).body.code).toBe("holder_lost");
    // The holder picker: the order's game's active holders only, a page at a time.
    const picker = await admin.call(holders.GET, "/api/admin/holders", { query: { gameId: item.gameId, status: "active", limit: "100" } });
    const picked = picker.body.map((h: { id: string }) => h.id);
    expect([picked.includes(spare.id), picked.includes(lostOne.id), Number(picker.headers.get("x-total-count"))]).toEqual([true, false, picked.length]);
    const order = await adminOrder(orderId);
    expect(order.items.map((i: { gameId: string }) => i.gameId)).toEqual([item.gameId]);

    await stock(spare.id, item.id, 2);
    expect(await shopperStock(item.id)).toBe(2);
    expect((await admin.call(orderHolder.POST, "/x", { params: { id: orderId }, body: { holderId: spare.id } })).status).toBe(200);
    expect(await shopperStock(item.id)).toBe(1);
    expect((await admin.call(adminOrders.GET, "/api/admin/orders?needsHolder=1")).body).toEqual([]);

    const restored = await admin.call(holderRestore.POST, "/x", { params: { id: lostOne.id }, body: { stock: [{ productId: item.id, quantity: 4 }] } });
    expect(restored.body).toMatchObject({ status: "active", lostAt: null, stock: [{ productId: item.id, quantity: 4 }] });
    expect(await shopperStock(item.id)).toBe(5);
    const kinds = (await admin.call(audit.GET, "/api/admin/audit?pageSize=100")).body.entries.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(["holder.lost", "holder.restore", "order.holder"]));
  });

  it("cancelling gives the reserved units back to their holder", async () => {
    const item = await product(store, "Mega Neon Turtle");
    const holder = await register(item.gameId, "AMturtle");
    await stock(holder.id, item.id, 2);
    const { orderId } = await buy(item.id, 2);
    expect(await shopperStock(item.id)).toBe(0);
    expect((await admin.call(status.PATCH, "/x", { method: "PATCH", params: { id: orderId }, body: { status: "cancelled" } })).status).toBe(200);
    expect(await shopperStock(item.id)).toBe(2);
    expect((await store.app.db.selectFrom("holder_stock").select("quantity").where("holderId", "=", holder.id).executeTakeFirstOrThrow()).quantity).toBe(2);
  });

  it("the deliverer and its one-time phrase: the order's owner after the start only, staff on the order's own view, nobody else, and gone with the delivery", async () => {
    const item = await product(store, "Kitsune Fruit (Permanent)");
    const holder = await register(item.gameId, "AMkitsune");
    await stock(holder.id, item.id, 2);
    const { buyer, orderId } = await buy(item.id, 1);
    const mine = async () => (await buyer.call(myOrders.GET, "/api/orders")).body.find((o: { id: string }) => o.id === orderId);
    expect((await mine()).deliverer).toBeNull();
    expect((await mine()).holder).toBeNull();
    expect((await admin.call(orderDeliverer.GET, "/x", { params: { id: orderId } })).body).toEqual({ deliverer: null });

    expect((await admin.call(status.PATCH, "/x", { method: "PATCH", params: { id: orderId }, body: { status: "processing" } })).status).toBe(200);
    const { deliverer } = await mine();
    expect(deliverer).toEqual({ robloxUsername: "AMkitsune", avatarUrl: holder.avatarUrl, phrase: expect.stringMatching(/^[a-z]+-[a-z]+-\d{2}$/) });
    expect((await admin.call(orderDeliverer.GET, "/x", { params: { id: orderId } })).body.deliverer).toEqual(deliverer);

    // Nowhere else: another shopper, the staff lists, the emails, the webhooks' queue, the event log.
    const phrase = deliverer.phrase as string;
    const other = await signIn(store, `holder-other-${TEST_DATABASE}@shop.test`);
    expect(JSON.stringify((await other.call(myOrders.GET, "/api/orders")).body)).not.toContain(phrase);
    expect(JSON.stringify((await admin.call(adminOrders.GET, "/api/admin/orders?limit=50")).body)).not.toContain(phrase);
    expect(JSON.stringify((await admin.call(deliveryQueue.GET, "/api/admin/delivery-queue")).body)).not.toContain(phrase);
    const db = store.app.db;
    for (const table of ["mail_outbox", "webhook_deliveries", "events", "order_timeline", "audit_entries"] as const) {
      expect(JSON.stringify(await db.selectFrom(table).selectAll().execute()), table).not.toContain(phrase);
    }

    expect((await admin.call(status.PATCH, "/x", { method: "PATCH", params: { id: orderId }, body: { status: "completed" } })).status).toBe(200);
    expect((await mine()).deliverer).toBeNull();
    expect(await db.selectFrom("delivery_phrases").selectAll().where("orderId", "=", orderId).execute()).toEqual([]);
  });
});

describe(`a product on holders, edited in the Products tab, on ${TEST_DATABASE}`, () => {
  it("keeps its holders' sum as its stock, whatever stock the editor saves", async () => {
    const item = await product(store, "Bat Dragon");
    const holder = await register(item.gameId, "AMbat_holder");
    await stock(holder.id, item.id, 4);
    const saved = await admin.call(productById.PATCH, "/x", { method: "PATCH", params: { id: item.id }, body: { name: item.name, stock: 50 } });
    expect(saved.status).toBe(200);
    expect((await product(store, "Bat Dragon")).stock).toBe(4);
  });
});
