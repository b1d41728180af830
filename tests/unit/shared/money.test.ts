import { describe, expect, it } from "vitest";
import { centsFromDecimal, formatCents, percentOff } from "#domain/shared/money.ts";

describe("money", () => {
  it("parses the spec's decimal strings into integer cents", () => {
    expect(centsFromDecimal("12.99")).toBe(1299);
    expect(centsFromDecimal("12.9")).toBe(1290);
    expect(centsFromDecimal("12")).toBe(1200);
    expect(centsFromDecimal("0.05")).toBe(5);
    expect(centsFromDecimal(" 3.50 ")).toBe(350);
  });

  it("refuses anything that is not a non-negative amount with at most two decimals", () => {
    for (const bad of ["", "-1", "1.999", "abc", "1e3", "1,50", ".5", "NaN"]) expect(centsFromDecimal(bad)).toBeNull();
  });

  it("formats cents with exactly two decimals", () => {
    expect(formatCents(1299)).toBe("12.99");
    expect(formatCents(5)).toBe("0.05");
    expect(formatCents(0)).toBe("0.00");
    expect(formatCents(100000)).toBe("1000.00");
    expect(formatCents(-250)).toBe("-2.50");
  });

  it("round-trips every cent value", () => {
    for (let cents = 0; cents < 2000; cents += 7) expect(centsFromDecimal(formatCents(cents))).toBe(cents);
  });

  it("computes the percentage off, rounded down, and 0 without a higher original price", () => {
    expect(percentOff(1000, 2000)).toBe(50);
    expect(percentOff(999, 1499)).toBe(33);
    expect(percentOff(1000, null)).toBe(0);
    expect(percentOff(1000, 1000)).toBe(0);
    expect(percentOff(1000, 900)).toBe(0);
  });
});
