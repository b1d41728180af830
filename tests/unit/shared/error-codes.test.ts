import { describe, expect, it } from "vitest";
import { ErrorCode } from "#domain/shared/error-codes.ts";

describe("the error-code map", () => {
  it("gives every code one name and every name one code", () => {
    const values = Object.values(ErrorCode);
    expect(new Set(values).size).toBe(values.length);
  });

  it("names each code after its value, so a reader finds one from the other", () => {
    for (const [name, code] of Object.entries(ErrorCode)) {
      expect(code).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/);
      expect(code.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())).toBe(name);
    }
  });
});
