import { describe, expect, it } from "vitest";
import * as announcement from "#src/pages/api/announcement.ts";
import * as announcementSettings from "#src/pages/api/admin/settings/announcement.ts";
import * as adminCodes from "#src/pages/api/admin/discount-codes/index.ts";
import * as validate from "#src/pages/api/discount-codes/validate.ts";
import * as gameBySlug from "#src/pages/api/games/[slug].ts";
import * as products from "#src/pages/api/products/index.ts";
import * as productById from "#src/pages/api/products/[id].ts";
import * as cart from "#src/pages/api/cart/index.ts";
import * as prepare from "#src/pages/api/checkout/prepare.ts";
import { manualClock } from "../fakes/in-memory-shopping.ts";
import { claimFor, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp, PUBLIC_URL } from "./helpers/test-app.ts";
import { EMPTY_DISCOUNT_FORM } from "#src/lib/admin-ops.ts";

// Issue 36: a sale as a percentage on chosen games and products. During its window every price a
// shopper sees and the checkout's server-computed total are the sale's; before and after, the
// regular ones, also through the page cache, which holds no entry past the sale's start or end.
const clock = manualClock("2026-11-27T10:00:00.000Z");
const store = await createTestApp({ clock });
const owner = await signInAdmin(store);
const doors = (await store.call(gameBySlug.GET, "/x", { params: { slug: "doors" } })).body.id as string;
const item = await store.app.db.selectFrom("products").selectAll().where("gameId", "=", doors).where("stock", ">", 5).orderBy("id").executeTakeFirstOrThrow();
const other = await store.app.db.selectFrom("products").selectAll().where("gameId", "<>", doors).where("stock", ">", 5).orderBy("id").executeTakeFirstOrThrow();
const minutes = (n: number) => n * 60_000;
const START = new Date(clock.now().getTime() + minutes(60));
const END = new Date(clock.now().getTime() + minutes(120));
const salePrice = item.priceCents - Math.ceil((item.priceCents * 30) / 100);
const dollars = (cents: number) => (cents / 100).toFixed(2);
const setClock = (at: Date) => clock.advance(at.getTime() - clock.now().getTime());

const productsRequest = () => new Request(`${PUBLIC_URL}/api/products?gameId=${encodeURIComponent(doors)}`);
const render = Object.assign(
  async () => {
    render.calls++;
    const res = await store.call(products.GET, "/api/products", { query: { gameId: doors } });
    return new Response(JSON.stringify(res.body), { status: res.status, headers: { "content-type": "application/json" } });
  },
  { calls: 0 },
);
/** The doors item as the page cache answers it (rendered or kept). */
async function cachedItem() {
  const body = (await (await store.app.catalogueCache.serve(productsRequest(), render)).json()) as {
    id: string;
    price: string;
    originalPrice: string | null;
  }[];
  return body.find((p) => p.id === item.id)!;
}

describe("a sale as a percentage on chosen games and products", () => {
  it("is refused without what it lowers, or over 90%", async () => {
    const sale = { text: "Doors sale", startsAt: START.toISOString(), endsAt: END.toISOString(), discountCode: null, percentOff: 30 };
    expect((await owner.call(announcementSettings.PUT, "/x", { body: { text: null, sale } })).status).toBe(400);
    expect((await owner.call(announcementSettings.PUT, "/x", { body: { text: null, sale: { ...sale, percentOff: 95, gameIds: [doors] } } })).status).toBe(400);
    const saved = await owner.call(announcementSettings.PUT, "/x", { body: { text: null, sale: { ...sale, gameIds: [doors], productIds: [] } } });
    expect(saved.status).toBe(204);
  });

  it("prices the pages and the API from its start to its end, and the page cache keeps no price past either", async () => {
    // Rendered half a minute before the start (within the cache's max age), kept until the start.
    setClock(new Date(START.getTime() - 30_000));
    expect(await cachedItem()).toMatchObject({ price: dollars(item.priceCents) });
    expect((await store.call(announcement.GET, "/x")).status).toBe(204);
    clock.advance(29_999);
    expect(await cachedItem()).toMatchObject({ price: dollars(item.priceCents) });
    expect(render.calls).toBe(1);

    clock.advance(1);
    expect(await cachedItem()).toEqual(expect.objectContaining({ price: dollars(salePrice), originalPrice: dollars(item.priceCents) }));
    expect(render.calls).toBe(2);
    expect((await store.call(productById.GET, "/x", { params: { id: item.id } })).body.price).toBe(dollars(salePrice));
    expect((await store.call(productById.GET, "/x", { params: { id: other.id } })).body.price).toBe(dollars(other.priceCents));
    expect((await store.call(announcement.GET, "/x")).body).toEqual({ text: "Doors sale", endsAt: END.toISOString(), maxDiscountPercent: 30 });

    setClock(new Date(END.getTime() - 30_000));
    expect(await cachedItem()).toMatchObject({ price: dollars(salePrice) });
    clock.advance(30_000);
    expect(await cachedItem()).toEqual(
      expect.objectContaining({ price: dollars(item.priceCents), originalPrice: item.originalPriceCents === null ? null : dollars(item.originalPriceCents) }),
    );
    expect((await store.call(announcement.GET, "/x")).status).toBe(204);
  });

  it("the checkout's server total is the sale's inside the window and the regular one at each boundary", async () => {
    const sale = {
      text: "Doors sale",
      startsAt: new Date(clock.now().getTime() + minutes(10)).toISOString(),
      discountCode: null,
      percentOff: 30,
      gameIds: [doors],
    };
    const endsAt = new Date(clock.now().getTime() + minutes(20));
    expect((await owner.call(announcementSettings.PUT, "/x", { body: { text: null, sale: { ...sale, endsAt: endsAt.toISOString() } } })).status).toBe(204);
    const buyer = await signIn(store, "sale-buyer@shop.test");
    expect((await buyer.call(cart.POST, "/api/cart", { body: { productId: item.id, quantity: 2 } })).status).toBeLessThan(300);
    const prepared = async () => buyer.call(prepare.POST, "/api/checkout/prepare", { body: await claimFor(buyer) });

    // One millisecond before the start: regular prices.
    setClock(new Date(Date.parse(sale.startsAt) - 1));
    const before = await claimFor(buyer);
    expect(before.total).toBe(dollars(2 * item.priceCents));
    expect((await prepared()).body).toMatchObject({ subtotal: dollars(2 * item.priceCents), total: dollars(2 * item.priceCents) });

    // At the start, a page that still claims the regular total is told the server's.
    clock.advance(1);
    expect((await buyer.call(prepare.POST, "/api/checkout/prepare", { body: before })).status).toBe(409);
    const during = await prepared();
    expect(during.status).toBe(201);
    expect(during.body).toMatchObject({ subtotal: dollars(2 * salePrice), total: dollars(2 * salePrice) });
    expect(during.body.items[0]).toMatchObject({ productId: item.id, quantity: 2 });

    // A discount code applies to the sale's prices: 10% of the sale subtotal, rounded half up.
    const code = { ...EMPTY_DISCOUNT_FORM, code: "EXTRA10", amount: 10 };
    expect((await owner.call(adminCodes.POST, "/x", { body: code })).status).toBe(201);
    const applied = await buyer.call(validate.POST, "/x", { body: { code: "extra10" } });
    const discount = Math.round((2 * salePrice * 10) / 100);
    expect(applied.body.discountAmount).toBe(dollars(discount));
    const withCode = await buyer.call(prepare.POST, "/api/checkout/prepare", {
      body: await claimFor(buyer, { discountCodeId: applied.body.id, discountAmount: dollars(discount), total: dollars(2 * salePrice - discount) }),
    });
    expect(withCode.status).toBe(201);
    expect(withCode.body).toMatchObject({ subtotal: dollars(2 * salePrice), discount: dollars(discount), total: dollars(2 * salePrice - discount) });

    // The last millisecond of the sale, then its end.
    setClock(new Date(endsAt.getTime() - 1));
    expect((await prepared()).body.total).toBe(dollars(2 * salePrice));
    clock.advance(1);
    expect((await prepared()).body.total).toBe(dollars(2 * item.priceCents));
  });

  it("a sale on chosen products lowers those alone; one naming no existing product says no 'up to N%'", async () => {
    const startsAt = new Date(clock.now().getTime() - minutes(1)).toISOString();
    const endsAt = new Date(clock.now().getTime() + minutes(60)).toISOString();
    const sale = (productIds: string[]) => ({ text: "Pick sale", startsAt, endsAt, discountCode: null, percentOff: 15, gameIds: [], productIds });
    expect((await owner.call(announcementSettings.PUT, "/x", { body: { text: null, sale: sale([other.id]) } })).status).toBe(204);
    const otherSale = other.priceCents - Math.ceil((other.priceCents * 15) / 100);
    expect((await store.call(productById.GET, "/x", { params: { id: other.id } })).body.price).toBe(dollars(otherSale));
    expect((await store.call(productById.GET, "/x", { params: { id: item.id } })).body.price).toBe(dollars(item.priceCents));
    expect((await store.call(announcement.GET, "/x")).body).toMatchObject({ text: "Pick sale", maxDiscountPercent: 15 });

    expect((await owner.call(announcementSettings.PUT, "/x", { body: { text: null, sale: sale(["no-such-product"]) } })).status).toBe(204);
    expect((await store.call(announcement.GET, "/x")).body).toMatchObject({ text: "Pick sale", maxDiscountPercent: null });
    expect((await store.call(productById.GET, "/x", { params: { id: other.id } })).body.price).toBe(dollars(other.priceCents));
  });
});
