import { describe, expect, it } from "vitest";
import { repriced } from "#domain/catalogue/bulk-price.ts";

describe("repriced: a bulk price edit on one product", () => {
  it("sets, or raises and lowers by a percentage or an amount, rounded to the cent", () => {
    expect(repriced({ price: 999, originalPrice: null }, { set: 1250 })).toEqual({ price: 1250, originalPrice: null });
    expect(repriced({ price: 999, originalPrice: null }, { percent: 10 })).toEqual({ price: 1099, originalPrice: null });
    expect(repriced({ price: 999, originalPrice: null }, { percent: -33.3 })).toEqual({ price: 666, originalPrice: null });
    expect(repriced({ price: 999, originalPrice: null }, { amount: -100 })).toEqual({ price: 899, originalPrice: null });
  });

  it("never below 0.01", () => {
    expect(repriced({ price: 150, originalPrice: null }, { amount: -500 })).toEqual({ price: 1, originalPrice: null });
    expect(repriced({ price: 1, originalPrice: null }, { percent: -99 })).toEqual({ price: 1, originalPrice: null });
  });

  it("keeps the original price only while it stays above the price", () => {
    expect(repriced({ price: 800, originalPrice: 1000 }, { percent: 10 })).toEqual({ price: 880, originalPrice: 1000 });
    expect(repriced({ price: 800, originalPrice: 1000 }, { set: 1000 })).toEqual({ price: 1000, originalPrice: null });
  });
});
