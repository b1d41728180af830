import { describe, expect, it } from "vitest";
import {
  canSaveDiscount,
  discountFormProblem,
  discountAmountStep,
  discountFormOf,
  discountPayload,
  EMPTY_DISCOUNT_FORM,
  matches,
  recentDays,
  statusBadgeVariant,
  twoDecimals,
  validCreditAmount,
} from "#src/lib/admin-ops.ts";

describe("admin operations helpers", () => {
  it.each([
    ["completed", "default"],
    ["approved", "default"],
    ["pending", "secondary"],
    ["processing", "outline"],
    ["rejected", "destructive"],
    ["cancelled", "destructive"],
  ] as const)("styles a %s status badge as admin-panel.md 4 says: %s", (status, variant) => {
    expect(statusBadgeVariant(status)).toBe(variant);
  });

  it("keeps the 10 most recent days, newest first", () => {
    const byDay = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`2026-11-${String(i + 1).padStart(2, "0")}`, i + 1]));
    const days = recentDays(byDay);
    expect(days).toHaveLength(10);
    expect(days[0]).toEqual(["2026-11-30", 30]);
    expect(days[9]).toEqual(["2026-11-21", 21]);
    expect(recentDays({})).toEqual([]);
  });

  it("enables discount save only with a code and an amount above 0; step 1 for percent, 0.01 for fixed", () => {
    expect(canSaveDiscount({ ...EMPTY_DISCOUNT_FORM, code: "SAVE", amount: "10" })).toBe(true);
    expect(canSaveDiscount({ ...EMPTY_DISCOUNT_FORM, code: " ", amount: "10" })).toBe(false);
    expect(canSaveDiscount({ ...EMPTY_DISCOUNT_FORM, code: "SAVE", amount: "0" })).toBe(false);
    expect(canSaveDiscount({ ...EMPTY_DISCOUNT_FORM, code: "SAVE", amount: "" })).toBe(false);
    // A disabled Create Code says what is missing (issue 23).
    expect(discountFormProblem({ ...EMPTY_DISCOUNT_FORM })).toBe("Enter a code and an amount to continue");
    expect(discountFormProblem({ ...EMPTY_DISCOUNT_FORM, amount: "5" })).toBe("Enter a code to continue");
    expect(discountFormProblem({ ...EMPTY_DISCOUNT_FORM, code: "SAVE", amount: "0" })).toBe("Enter an amount above 0 to continue");
    expect(discountFormProblem({ ...EMPTY_DISCOUNT_FORM, code: "SAVE", amount: "5" })).toBeNull();
    expect(discountAmountStep("percentage")).toBe("1");
    expect(discountAmountStep("fixed")).toBe("0.01");
  });

  it("builds the discount payload: upper-case code, integer or null limit, nulls for empty optional fields", () => {
    expect(discountPayload({ ...EMPTY_DISCOUNT_FORM, code: " save10 ", amount: "10", usageLimit: "5.7" }, "boss@shop.test")).toEqual({
      code: "SAVE10",
      type: "percentage",
      amount: "10",
      status: "active",
      startDate: null,
      endDate: null,
      usageLimit: 5,
      minPurchase: null,
      appliesToGame: null,
      createdBy: "boss@shop.test",
    });
    const full = discountPayload(
      { ...EMPTY_DISCOUNT_FORM, code: "X", type: "fixed", amount: "2.50", startDate: "2026-12-01", minPurchase: "20", appliesToGame: "Adopt Me" },
      null,
    );
    expect(full).toMatchObject({ type: "fixed", startDate: "2026-12-01", usageLimit: null, minPurchase: "20", appliesToGame: "Adopt Me" });
  });

  it("turns a stored code back into the form", () => {
    const form = discountFormOf({
      code: "X",
      type: "fixed",
      amount: "5.00",
      status: "inactive",
      startDate: "2026-12-01T00:00:00.000Z",
      endDate: null,
      usageLimit: 3,
      minPurchase: null,
      appliesToGame: "Adopt Me",
    });
    expect(form).toMatchObject({ startDate: "2026-12-01", endDate: "", usageLimit: "3", minPurchase: "", appliesToGame: "Adopt Me" });
  });

  it("accepts store credit amounts above 0 only and shows 2 decimals", () => {
    expect(validCreditAmount("0.01")).toBe(true);
    expect(validCreditAmount("0")).toBe(false);
    expect(validCreditAmount("-5")).toBe(false);
    expect(validCreditAmount("abc")).toBe(false);
    expect(validCreditAmount("")).toBe(false);
    expect(twoDecimals("12.5")).toBe("12.50");
    expect(twoDecimals(3)).toBe("3.00");
  });

  it("matches search text case-insensitively; blank matches all", () => {
    expect(matches("Jane@Shop.test", "jane@")).toBe(true);
    expect(matches("jane@shop.test", "  ")).toBe(true);
    expect(matches(null, "x")).toBe(false);
  });
});
