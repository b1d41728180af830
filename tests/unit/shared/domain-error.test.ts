import { describe, expect, it } from "vitest";
import { DomainError, isDomainError } from "#domain/shared/domain-error.ts";

describe("DomainError", () => {
  it("is a plain class: the process loads the domain once, so instanceof is enough (issue 34)", () => {
    const thrown = new DomainError("conflict", "game_has_products", "This game still has 9 products.");
    expect(isDomainError(thrown)).toBe(true);
    expect(thrown).toBeInstanceOf(Error);
    expect(Object.getOwnPropertySymbols(thrown)).toEqual([]);
  });

  it("is not any error", () => {
    expect(isDomainError(new Error("boom"))).toBe(false);
    expect(isDomainError({ kind: "conflict", code: "x", message: "forged" })).toBe(false);
    expect(isDomainError(null)).toBe(false);
  });

  it("carries what caused it underneath, as the standard Error cause, and no cause when nothing did", () => {
    const provider = new Error("PayPal refund timed out after 15000 ms");
    const withCause = new DomainError("provider_unavailable", "refund_not_confirmed", "The payment provider did not confirm the refund.", { cause: provider });
    expect(withCause.cause).toBe(provider);
    expect(withCause.message).not.toContain("timed out");
    expect("cause" in new DomainError("conflict", "game_has_products", "no cause")).toBe(false);
  });
});
