import { describe, expect, it } from "vitest";
import type { App } from "#server/app.ts";
import { prepareDatabase } from "#server/prepare-database.ts";
import { createTestApp } from "./helpers/test-app.ts";
import { countRows } from "./helpers/row-count.ts";
import { readShopRating } from "#read-models/storefront/shop-rating.query.ts";
import { readShopSettings } from "#read-models/storefront/shop-settings.query.ts";
import { DEMO_RATINGS } from "#adapters/seed/ratings.ts";
import { readAnalyticsSummary } from "#read-models/analytics/summary.query.ts";
import { countOrders, listOrders } from "#read-models/shopping/orders.queries.ts";
import { formatCents } from "#domain/shared/money.ts";
import { shortId } from "#domain/shared/short-id.ts";

async function counts(app: App) {
  const count = (table: "games" | "products" | "faqs" | "blog_posts" | "discount_codes") => countRows(app.db, table);
  return {
    games: await count("games"),
    products: await count("products"),
    faqs: await count("faqs"),
    posts: await count("blog_posts"),
    codes: await count("discount_codes"),
  };
}

describe("DEMO_DATA", () => {
  it("off: a new store starts empty (no demo games, content or public discount codes), also on a second start", async () => {
    const { app } = await createTestApp({ env: { DEMO_DATA: "off" } });
    expect(await counts(app)).toEqual({ games: 0, products: 0, faqs: 0, posts: 0, codes: 0 });
    expect((await readShopSettings(app.db)).endorsements).toEqual({ creators: [] });
    const again = await prepareDatabase(app);
    expect(again.seeded).toBeNull();
    expect(again.contentSeeded).toBeNull();
    expect(await counts(app)).toEqual({ games: 0, products: 0, faqs: 0, posts: 0, codes: 0 });
  });

  it("on: a new store gets the demo catalogue, content and the codes WELCOME10 and SAVE5", async () => {
    const { app } = await createTestApp({ env: { DEMO_DATA: "on" } });
    const seeded = await counts(app);
    expect(seeded.games).toBeGreaterThan(0);
    expect(seeded.products).toBeGreaterThan(0);
    expect(seeded.faqs + seeded.posts).toBeGreaterThan(0);
    const codes = await app.db.selectFrom("discount_codes").select("code").execute();
    expect(codes.map((c) => c.code)).toEqual(expect.arrayContaining(["WELCOME10", "SAVE5"]));
    // Issue 47: the demo's "Recommended by" strip names clearly fictional creators, on example.com links.
    const { creators } = (await readShopSettings(app.db)).endorsements;
    expect(creators.length).toBeGreaterThan(0);
    for (const c of creators) {
      expect(c.name).toMatch(/\(demo creator\)$/);
      expect(new URL(c.sourceUrl).hostname).toBe("example.com");
    }
  });

  it("on: a new store gets published demo ratings, each on a delivered demo order holding the product; off: none and no shop-wide figure", async () => {
    const { app } = await createTestApp({ env: { DEMO_DATA: "on" }, demoRatings: true });
    const ratings = await app.db
      .selectFrom("ratings")
      .innerJoin("orders", "orders.id", "ratings.orderId")
      .innerJoin("order_items", (join) => join.onRef("order_items.orderId", "=", "ratings.orderId").onRef("order_items.productId", "=", "ratings.productId"))
      .select(["ratings.status", "orders.status as orderStatus", "orders.deliveredAt"])
      .execute();
    expect(ratings).toHaveLength(DEMO_RATINGS.length);
    for (const r of ratings) expect(r).toMatchObject({ status: "published", orderStatus: "completed", deliveredAt: expect.any(String) });
    const shop = await readShopRating(app.db);
    const average = Math.round((DEMO_RATINGS.reduce((sum, r) => sum + r.stars, 0) / DEMO_RATINGS.length) * 10) / 10;
    expect(shop).toEqual({ average, count: DEMO_RATINGS.length });
    // A second start adds none.
    await prepareDatabase(app);
    expect(await app.db.selectFrom("ratings").select("id").execute()).toHaveLength(DEMO_RATINGS.length);

    const empty = await createTestApp({ env: { DEMO_DATA: "off" }, demoRatings: true });
    expect(await readShopRating(empty.app.db)).toBeNull();
  });

  it("on: the demo orders are orders like any other: Analytics counts what the Orders tab lists, each has a short id of its own and a timeline (issue 47)", async () => {
    const { app } = await createTestApp({ env: { DEMO_DATA: "on" }, demoRatings: true });
    const orders = await listOrders(app.db, { limit: 100, now: app.clock.now() });
    expect(orders).toHaveLength(DEMO_RATINGS.length);
    expect((await countOrders(app.db)).total).toBe(DEMO_RATINGS.length);
    // Analytics said "Total orders 0" while the Orders tab listed the demo orders.
    const at = { now: app.clock.now(), timeZone: app.config.timeZone };
    const summary = await readAnalyticsSummary(app.db, at);
    const revenue = orders.reduce((sum, o) => sum + Math.round(Number(o.total) * 100), 0);
    expect(summary).toMatchObject({ totalOrders: orders.length, totalRevenue: formatCents(revenue) });
    // Each its own short id ("#DEMO-ORD" for all, before).
    expect(new Set(orders.map((o) => shortId(o.id))).size).toBe(orders.length);
    const timeline = await app.db.selectFrom("order_timeline").select(["orderId", "kind"]).where("orderId", "=", orders[0]!.id).orderBy("id").execute();
    expect(timeline.map((t) => t.kind)).toEqual(["placed", "paid", "delivered"]);
    // A rebuild from the log gives the same figures: the orders are in the log, not only in the projections.
    await app.projections.rebuild();
    expect(await readAnalyticsSummary(app.db, at)).toMatchObject({ totalOrders: orders.length, totalRevenue: formatCents(revenue) });
  });
});
