import { describe, expect, it } from "vitest";
import { checkMinorMonthlyLimit, monthStart, remainingThisMonth } from "#domain/checkout/minor-monthly-limit.ts";
import { isDomainError } from "#domain/shared/domain-error.ts";

const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    if (isDomainError(error)) return error;
    throw error;
  }
  return null;
};

describe("the monthly limit of accounts under 18", () => {
  it("counts from the first instant of the calendar month, UTC", () => {
    expect(monthStart(new Date("2026-12-31T23:59:59.999Z")).toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(monthStart(new Date("2027-01-01T00:00:00.000Z")).toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });

  it("lets a total up to exactly what is left through, and none without a limit", () => {
    expect(refusal(() => checkMinorMonthlyLimit({ limit: 5000, spent: 3000 }, 2000))).toBeNull();
    expect(refusal(() => checkMinorMonthlyLimit(null, 1_000_000))).toBeNull();
  });

  it("refuses a cent over with 422 minor_monthly_limit, saying what is left", () => {
    const error = refusal(() => checkMinorMonthlyLimit({ limit: 5000, spent: 3000 }, 2001));
    expect(error).toMatchObject({ kind: "unprocessable", code: "minor_monthly_limit", answer: { remaining: "20.00" } });
    expect(error!.message).toContain("$20.00 is left this month");
  });

  it("with nothing left, says the limit is reached (never a negative amount)", () => {
    expect(remainingThisMonth({ limit: 1000, spent: 1500 })).toBe(0);
    const error = refusal(() => checkMinorMonthlyLimit({ limit: 1000, spent: 1500 }, 100));
    expect(error).toMatchObject({ answer: { remaining: "0.00" } });
    expect(error!.message).toMatch(/reached the shop's monthly limit/);
  });
});
