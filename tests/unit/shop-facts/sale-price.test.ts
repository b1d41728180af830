import { describe, expect, it } from "vitest";
import { saveShopSettings } from "#domain/shop-facts/save-shop-settings.ts";
import { nextSaleBoundary, priceNow, salePriceLastDay, salePriceOf, salePricingAt } from "#domain/shop-facts/sale-price.ts";
import type { ScheduledSale } from "#domain/shop-facts/shop-settings.ts";

const START = "2026-11-27T10:00:00.000Z";
const END = "2026-11-27T12:00:00.000Z";
const sale = (over: Partial<ScheduledSale> = {}): ScheduledSale => ({
  text: "Weekend sale",
  startsAt: START,
  endsAt: END,
  discountCode: null,
  percentOff: 30,
  gameIds: ["blox"],
  productIds: ["pet-1"],
  ...over,
});
const at = (iso: string) => new Date(iso);
const justBefore = (iso: string) => new Date(Date.parse(iso) - 1);

describe("a sale's price (issue 36)", () => {
  it("tells search engines the last day the sale price holds, and nothing for a product it does not apply to", () => {
    const during = at("2026-11-27T11:00:00Z");
    expect(salePriceLastDay(sale(), during, { id: "sword", gameId: "blox" })).toBe("2026-11-27");
    expect(salePriceLastDay(sale(), during, { id: "pet-2", gameId: "other" })).toBeNull();
    expect(salePriceLastDay(sale(), justBefore(START), { id: "sword", gameId: "blox" })).toBeNull();
    expect(salePriceLastDay(sale(), at(END), { id: "sword", gameId: "blox" })).toBeNull();
    expect(salePriceLastDay(null, during, { id: "sword", gameId: "blox" })).toBeNull();
    // The end is exclusive: a sale ending at midnight last holds the day before.
    const toMidnight = sale({ endsAt: "2026-11-29T00:00:00.000Z" });
    expect(salePriceLastDay(toMidnight, during, { id: "sword", gameId: "blox" })).toBe("2026-11-28");
    // A code-only sale changes no price: no date either.
    expect(salePriceLastDay(sale({ percentOff: null }), during, { id: "sword", gameId: "blox" })).toBeNull();
  });

  it("takes the percentage off each unit, the discount rounded up to the cent in the shopper's favour", () => {
    expect(salePriceOf(1000, 30)).toBe(700);
    expect(salePriceOf(999, 15)).toBe(849); // 149.85 off: 150 taken
    expect(salePriceOf(1, 50)).toBe(1); // never below a cent
    expect(salePriceOf(3, 90)).toBe(1);
    expect(salePriceOf(0, 30)).toBe(0);
  });

  it("applies to the products it names and every product of the games it names, nothing else", () => {
    const pricing = salePricingAt(sale(), at("2026-11-27T11:00:00Z"));
    expect(priceNow(pricing, { id: "sword", gameId: "blox", price: 2500 })).toEqual({ price: 1750, regularPrice: 2500 });
    expect(priceNow(pricing, { id: "pet-1", gameId: "other", price: 999 })).toEqual({ price: 699, regularPrice: 999 });
    expect(priceNow(pricing, { id: "pet-2", gameId: "other", price: 999 })).toEqual({ price: 999, regularPrice: null });
  });

  it("runs from its start (inclusive) to its end (exclusive)", () => {
    const item = { id: "sword", gameId: "blox", price: 2500 };
    expect(priceNow(salePricingAt(sale(), justBefore(START)), item).price).toBe(2500);
    expect(priceNow(salePricingAt(sale(), at(START)), item).price).toBe(1750);
    expect(priceNow(salePricingAt(sale(), justBefore(END)), item).price).toBe(1750);
    expect(priceNow(salePricingAt(sale(), at(END)), item).price).toBe(2500);
  });

  it("a sale without a percentage, or one saved before percentages existed, changes no price", () => {
    expect(salePricingAt(sale({ percentOff: null }), at(START))).toBeNull();
    const { percentOff: _p, gameIds: _g, productIds: _i, ...old } = sale();
    expect(salePricingAt(old, at(START))).toBeNull();
    expect(salePricingAt(sale({ gameIds: [], productIds: [] }), at(START))).toBeNull();
  });

  it("names the next moment prices change: the start, then the end, then none", () => {
    expect(nextSaleBoundary(sale(), justBefore(START))).toEqual(at(START));
    expect(nextSaleBoundary(sale(), at(START))).toEqual(at(END));
    expect(nextSaleBoundary(sale(), at(END))).toBeNull();
    expect(nextSaleBoundary(sale({ percentOff: null }), justBefore(START))).toBeNull();
  });

  it("a percentage must name what it lowers when the owner saves it", async () => {
    const saved: unknown[] = [];
    const deps = {
      store: { save: async (_s: string, value: unknown) => void saved.push(value) },
      discountCodes: { exists: async () => true },
      clock: { now: () => at("2026-11-27T09:00:00Z") },
    };
    await expect(saveShopSettings("announcement", { text: null, sale: sale({ gameIds: [], productIds: [] }) }, "owner", deps)).rejects.toMatchObject({
      code: "sale_percent_without_items",
    });
    await saveShopSettings("announcement", { text: null, sale: sale() }, "owner", deps);
    expect(saved).toHaveLength(1);
  });
});
