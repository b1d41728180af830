import { describe, expect, it } from "vitest";
import * as orderRatings from "#src/pages/api/orders/[id]/ratings.ts";
import * as productRatings from "#src/pages/api/products/[id]/ratings.ts";
import * as adminRatings from "#src/pages/api/admin/ratings/index.ts";
import * as adminRating from "#src/pages/api/admin/ratings/[id].ts";
import * as audit from "#src/pages/api/admin/audit.ts";
import { readShopRating } from "#read-models/storefront/shop-rating.query.ts";
import { createTestApp } from "./helpers/test-app.ts";
import { createTestOrder } from "./helpers/test-orders.ts";
import { signIn, signInAdmin } from "./helpers/shoppers.ts";

// Issue 36, ratings from buyers: the contract's statuses on a real database, once-only under a
// race, only published ratings shown, and the shop-wide figure.
const store = await createTestApp({ seed: false });
const { db } = store.app;
const admin = await signInAdmin(store);
const buyer = await signIn(store, `rater-${Date.now()}@shop.test`);
const other = await signIn(store, `other-${Date.now()}@shop.test`);

const PRODUCT_A = "rated-product-a";
const PRODUCT_B = "rated-product-b";

/** A real order row of `userId` holding products A and B; delivered (completed) unless told otherwise. */
async function order(id: string, userId: string, delivered = true) {
  await createTestOrder(db, id, userId);
  await db
    .insertInto("order_items")
    .values(
      [PRODUCT_A, PRODUCT_B].map((productId, i) => ({
        id: `${id}-item-${i}`,
        orderId: id,
        productId,
        productName: `Item ${productId}`,
        gameId: "g",
        unitPriceCents: 500,
        quantity: 1,
      })),
    )
    .execute();
  if (delivered) await db.updateTable("orders").set({ status: "completed", deliveredAt: new Date().toISOString() }).where("id", "=", id).execute();
}

const rate = (who: typeof buyer, orderId: string, body: unknown) =>
  who.call(orderRatings.POST, `/api/orders/${orderId}/ratings`, { params: { id: orderId }, body });
const published = (productId: string) => store.call(productRatings.GET, `/api/products/${productId}/ratings`, { params: { id: productId } });

describe("POST /api/orders/{id}/ratings", () => {
  it("the owner rates each product of a delivered order once: 201, then 409; the comment is kept as plain text", async () => {
    await order("rate-1", buyer.userId);
    const first = await rate(buyer, "rate-1", { productId: PRODUCT_A, stars: 5, comment: "  Fast\u0000 delivery!\r\n\r\n\r\n\r\nThanks <b>a lot</b>  " });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ productId: PRODUCT_A, stars: 5, status: "pending", comment: "Fast delivery!\n\nThanks <b>a lot</b>" });
    expect((await rate(buyer, "rate-1", { productId: PRODUCT_A, stars: 1 })).status).toBe(409);
    expect((await rate(buyer, "rate-1", { productId: PRODUCT_B, stars: 4 })).status).toBe(201);
    const mine = await buyer.call(orderRatings.GET, "/api/orders/rate-1/ratings", { params: { id: "rate-1" } });
    expect(mine.body.map((r: { productId: string; stars: number }) => [r.productId, r.stars]).sort()).toEqual([
      [PRODUCT_A, 5],
      [PRODUCT_B, 4],
    ]);
  });

  it("refuses guests (401), another's order (404, as an unknown one), before delivery (409), a product not bought (422), bad stars (400)", async () => {
    await order("rate-2", buyer.userId);
    await order("rate-3", buyer.userId, false);
    expect(
      (await store.call(orderRatings.POST, "/api/orders/rate-2/ratings", { params: { id: "rate-2" }, body: { productId: PRODUCT_A, stars: 5 } })).status,
    ).toBe(401);
    const foreign = await rate(other, "rate-2", { productId: PRODUCT_A, stars: 5 });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual((await rate(other, "no-such-order", { productId: PRODUCT_A, stars: 5 })).body);
    expect((await other.call(orderRatings.GET, "/api/orders/rate-2/ratings", { params: { id: "rate-2" } })).status).toBe(404);
    expect((await rate(buyer, "rate-3", { productId: PRODUCT_A, stars: 5 })).status).toBe(409);
    expect((await rate(buyer, "rate-2", { productId: "not-in-order", stars: 5 })).status).toBe(422);
    for (const stars of [0, 6, 4.5, "5"]) expect((await rate(buyer, "rate-2", { productId: PRODUCT_A, stars })).status, String(stars)).toBe(400);
    expect((await rate(buyer, "rate-2", { productId: PRODUCT_A, stars: 3, comment: "x".repeat(1300) })).status).toBe(400);
    expect(await db.selectFrom("ratings").select("id").where("orderId", "in", ["rate-2", "rate-3"]).execute()).toEqual([]);
  });

  it("a cancelled order, though it was delivered, can no longer be rated", async () => {
    await order("rate-4", buyer.userId);
    await db.updateTable("orders").set({ status: "cancelled" }).where("id", "=", "rate-4").execute();
    expect((await rate(buyer, "rate-4", { productId: PRODUCT_A, stars: 2 })).status).toBe(409);
  });

  it("an order its shopper said they did not get is not rated until staff re-deliver it (issue 47)", async () => {
    await order("rate-5", buyer.userId);
    await db.updateTable("orders").set({ receipt: "not_received", receiptAt: new Date().toISOString() }).where("id", "=", "rate-5").execute();
    const refused = await rate(buyer, "rate-5", { productId: PRODUCT_A, stars: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/once our team has sorted out the delivery/);
    await db.updateTable("orders").set({ receipt: null, receiptAt: null }).where("id", "=", "rate-5").execute();
    expect((await rate(buyer, "rate-5", { productId: PRODUCT_A, stars: 4 })).status).toBe(201);
  });

  it("of ten concurrent ratings of the same product exactly one is stored", async () => {
    await order("rate-race", buyer.userId);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => rate(buyer, "rate-race", { productId: PRODUCT_A, stars: (i % 5) + 1 })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(await db.selectFrom("ratings").select("id").where("orderId", "=", "rate-race").execute()).toHaveLength(1);
  });
});

describe("moderation and what shoppers see", () => {
  it("only published ratings show, with the reply; the average and the shop-wide figure follow; each decision is audited", async () => {
    await db.deleteFrom("ratings").execute();
    expect(await readShopRating(db)).toBeNull();
    expect((await published(PRODUCT_A)).body).toEqual({ average: null, count: 0, ratings: [] });

    await order("mod-1", buyer.userId);
    await order("mod-2", other.userId);
    expect((await rate(buyer, "mod-1", { productId: PRODUCT_A, stars: 5, comment: "Great" })).status).toBe(201);
    expect((await rate(other, "mod-2", { productId: PRODUCT_A, stars: 4 })).status).toBe(201);
    expect((await published(PRODUCT_A)).body.count).toBe(0);

    const pending = await admin.call(adminRatings.GET, "/api/admin/ratings", { query: { status: "pending" } });
    expect(pending.status).toBe(200);
    expect(pending.headers.get("x-total-count")).toBe("2");
    const great = pending.body.find((r: { comment: string | null }) => r.comment === "Great");
    expect(great).toMatchObject({ orderId: "mod-1", productName: `Item ${PRODUCT_A}`, stars: 5, status: "pending" });
    const plain = pending.body.find((r: { comment: string | null }) => r.comment === null);

    const publish = await admin.call(adminRating.PATCH, `/api/admin/ratings/${great.id}`, {
      params: { id: great.id },
      body: { status: "published", reply: "Thank you!" },
    });
    expect(publish.status).toBe(200);
    expect(publish.body).toMatchObject({ status: "published", reply: "Thank you!" });
    const shown = (await published(PRODUCT_A)).body;
    expect(shown).toMatchObject({ average: 5, count: 1, ratings: [{ stars: 5, comment: "Great", reply: "Thank you!" }] });
    expect(Object.keys(shown.ratings[0]).sort()).toEqual(["comment", "createdAt", "reply", "stars"]);

    expect((await admin.call(adminRating.PATCH, `/api/admin/ratings/${plain.id}`, { params: { id: plain.id }, body: { status: "published" } })).status).toBe(
      200,
    );
    expect((await published(PRODUCT_A)).body).toMatchObject({ average: 4.5, count: 2 });
    expect(await readShopRating(db)).toEqual({ average: 4.5, count: 2 });

    expect((await admin.call(adminRating.PATCH, `/api/admin/ratings/${great.id}`, { params: { id: great.id }, body: { status: "hidden" } })).body.reply).toBe(
      "Thank you!",
    );
    expect((await published(PRODUCT_A)).body).toMatchObject({ average: 4, count: 1, ratings: [{ stars: 4, comment: null }] });
    expect((await published(PRODUCT_A)).body.ratings[0]).not.toHaveProperty("reply");
    expect(await readShopRating(db)).toEqual({ average: 4, count: 1 });

    const trail = await admin.call(audit.GET, "/api/admin/audit", { query: { kind: "rating.moderate" } });
    const entries = (Array.isArray(trail.body) ? trail.body : trail.body.entries) as { entityId: string }[];
    expect(entries.filter((e) => e.entityId === great.id)).toHaveLength(2);
  });

  it("a publish bumps the catalogue version, so the cached product page renders again", async () => {
    await order("mod-3", buyer.userId);
    expect((await rate(buyer, "mod-3", { productId: PRODUCT_B, stars: 3 })).status).toBe(201);
    const id = (await db.selectFrom("ratings").select("id").where("orderId", "=", "mod-3").executeTakeFirstOrThrow()).id;
    const version = async () => Number((await db.selectFrom("catalogue_version").select("version").executeTakeFirstOrThrow()).version);
    const before = await version();
    expect((await admin.call(adminRating.PATCH, `/api/admin/ratings/${id}`, { params: { id }, body: { status: "published" } })).status).toBe(200);
    expect(await version()).toBeGreaterThan(before);
  });

  it("unknown rating 404; a bad status or an over-long reply 400", async () => {
    expect((await admin.call(adminRating.PATCH, "/api/admin/ratings/nope", { params: { id: "nope" }, body: { status: "published" } })).status).toBe(404);
    expect((await admin.call(adminRating.PATCH, "/api/admin/ratings/nope", { params: { id: "nope" }, body: { status: "pending" } })).status).toBe(400);
    expect(
      (await admin.call(adminRating.PATCH, "/api/admin/ratings/nope", { params: { id: "nope" }, body: { status: "hidden", reply: "y".repeat(1300) } })).status,
    ).toBe(400);
  });
});
