import { describe, expect, it } from "vitest";
import {
  amountFromHundredths,
  applyDiscount,
  assertCodeUsable,
  checkDiscountDefinition,
  discountFor,
  normalizeCode,
  type DiscountCode,
} from "#domain/promotions/discount-code.ts";

const now = new Date("2026-11-21T12:00:00.000Z");
const code = (over: Partial<DiscountCode> = {}): DiscountCode => ({
  id: "d1",
  code: "WELCOME10",
  type: "percentage",
  amount: 10,
  status: "active",
  startDate: null,
  endDate: null,
  usageLimit: null,
  usageCount: 0,
  minPurchase: null,
  appliesToGame: null,
  createdBy: null,
  ...over,
});
const lines = (...totals: [string, number][]) => totals.map(([gameId, lineTotal]) => ({ gameId, lineTotal }));

describe("discount codes", () => {
  it("are looked up trimmed and upper-cased", () => {
    expect(normalizeCode("  welcome10 ")).toBe("WELCOME10");
  });

  it("give a percentage of the subtotal, rounded to the nearest cent", () => {
    expect(discountFor(code(), lines(["g", 2000]))).toBe(200);
    expect(discountFor(code(), lines(["g", 1999]))).toBe(200); // 199.9 cents
    expect(discountFor(code({ amount: 15 }), lines(["g", 1003]))).toBe(150); // 150.45
  });

  it("give a fixed amount, never more than the subtotal", () => {
    expect(discountFor(code({ type: "fixed", amount: 500 }), lines(["g", 2000]))).toBe(500);
    expect(discountFor(code({ type: "fixed", amount: 5000 }), lines(["g", 1299]))).toBe(1299);
    expect(discountFor(code({ amount: 100 }), lines(["g", 1299]))).toBe(1299);
  });

  it("need the minimum purchase on the whole subtotal", () => {
    const save5 = code({ type: "fixed", amount: 500, minPurchase: 2000 });
    expect(() => discountFor(save5, lines(["g", 1999]))).toThrow("Minimum purchase of $20.00 required");
    expect(discountFor(save5, lines(["g", 1000], ["h", 1000]))).toBe(500);
  });

  it("for one game discount only that game's lines, and refuse a cart without them", () => {
    const forG = code({ appliesToGame: "g", amount: 50 });
    expect(discountFor(forG, lines(["g", 1000], ["h", 3000]))).toBe(500);
    expect(() => discountFor(forG, lines(["h", 3000]))).toThrow("This discount code does not apply to the items in your cart");
  });

  it("can be used only while active, within their dates and below their usage limit", () => {
    expect(() => assertCodeUsable(code({ status: "inactive" }), now)).toThrow(expect.objectContaining({ kind: "not_found", message: "Invalid discount code" }));
    expect(() => assertCodeUsable(code({ startDate: new Date("2026-11-22T00:00:00Z") }), now)).toThrow("This discount code is not active yet");
    expect(() => assertCodeUsable(code({ endDate: new Date("2026-11-21T11:59:59.999Z") }), now)).toThrow("This discount code has expired");
    expect(() => assertCodeUsable(code({ usageLimit: 3, usageCount: 3 }), now)).toThrow(expect.objectContaining({ kind: "conflict" }));
    expect(() => assertCodeUsable(code({ startDate: now, endDate: now, usageLimit: 3, usageCount: 2 }), now)).not.toThrow();
    expect(applyDiscount(code(), lines(["g", 1000]), now)).toBe(100);
  });

  it("must be well defined by the administrator", () => {
    const ok = code();
    expect(() => checkDiscountDefinition(ok)).not.toThrow();
    expect(() => checkDiscountDefinition({ ...ok, code: "WITH SPACE" })).toThrow(/letters, digits/);
    expect(() => checkDiscountDefinition({ ...ok, amount: 0 })).toThrow("Amount must be greater than 0");
    expect(() => checkDiscountDefinition({ ...ok, amount: 101 })).toThrow("A percentage discount is at most 100");
    expect(() => checkDiscountDefinition({ ...ok, startDate: now, endDate: new Date(now.getTime() - 1) })).toThrow(/end date/);
    expect(() => checkDiscountDefinition({ ...ok, usageLimit: 0 })).toThrow(/Usage limit/);
    expect(() => checkDiscountDefinition({ ...ok, usageLimit: 2 }, 5)).toThrow("Usage limit cannot be below the 5 times the code was already used");
    expect(() => checkDiscountDefinition({ ...ok, minPurchase: -1 })).toThrow(/negative/);
  });

  it("read the form's one amount field as percent or dollars", () => {
    expect(amountFromHundredths("percentage", 1000)).toBe(10);
    expect(amountFromHundredths("fixed", 550)).toBe(550);
    expect(() => amountFromHundredths("percentage", 1050)).toThrow("A percentage must be a whole number");
  });
});
