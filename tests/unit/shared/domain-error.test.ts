import { describe, expect, it } from "vitest";
import { DomainError, isDomainError } from "#domain/shared/domain-error.ts";

describe("DomainError", () => {
  it("is recognised when thrown by another copy of the domain (the built server's bundle holds one)", async () => {
    // A query string makes the module loader evaluate the file a second time: a second class.
    // @ts-expect-error -- TypeScript does not resolve a module id with a query string
    const copy = (await import("#domain/shared/domain-error.ts?copy")) as typeof import("#domain/shared/domain-error.ts");
    expect(copy.DomainError).not.toBe(DomainError);
    const thrown = new copy.DomainError("conflict", "game_has_products", "This game still has 9 products.");
    expect(isDomainError(thrown)).toBe(true);
    expect(thrown instanceof DomainError).toBe(true);
    expect(new DomainError("invalid", "game_name_required", "y") instanceof copy.DomainError).toBe(true);
  });

  it("is not any error", () => {
    expect(isDomainError(new Error("boom"))).toBe(false);
    expect(isDomainError({ kind: "conflict", code: "x", message: "forged" })).toBe(false);
    expect(isDomainError(null)).toBe(false);
  });
});
