import { describe, expect, it } from "vitest";
import { DomainError, isDomainError } from "../../../domain/shared/domain-error.ts";

describe("isDomainError", () => {
  it("recognises a domain error, and nothing else", () => {
    expect(isDomainError(new DomainError("conflict", "out_of_stock", "Out of stock"))).toBe(true);
    expect(isDomainError(new Error("boom"))).toBe(false);
    expect(isDomainError({ kind: "conflict", code: "out_of_stock" })).toBe(false);
    expect(isDomainError(null)).toBe(false);
  });

  it("recognises one thrown by another copy of the domain (the app scripts/start.ts composes, seen from Astro's server bundle)", () => {
    // What the other copy's class makes: its own class, the same registered symbol.
    class OtherCopyDomainError extends Error {
      readonly kind = "not_found";
      readonly code = "game_not_found";
    }
    const error = Object.assign(new OtherCopyDomainError("Game not found"), { [Symbol.for("bloxbazaar.DomainError")]: true });
    expect(error instanceof DomainError).toBe(false);
    expect(isDomainError(error)).toBe(true);
  });
});
