import { describe, expect, it } from "vitest";
import { DEFAULT_AFTER_LOGIN, safeRedirectPath } from "#domain/accounts/safe-redirect.ts";

describe("safeRedirectPath (no open redirect after login)", () => {
  it("keeps paths on this site, with their query", () => {
    expect(safeRedirectPath("/checkout")).toBe("/checkout");
    expect(safeRedirectPath("/shop/blox-fruits?sort=name")).toBe("/shop/blox-fruits?sort=name");
  });

  it("defaults to /dashboard when missing", () => {
    expect(DEFAULT_AFTER_LOGIN).toBe("/dashboard");
    expect(safeRedirectPath(null)).toBe("/dashboard");
    expect(safeRedirectPath("")).toBe("/dashboard");
  });

  it.each([
    "https://evil.example",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "evil.example",
    "/%2F%2Fevil.example",
    "%2F%2Fevil.example",
    "/\u0000x",
    "/%0d%0aSet-Cookie:x=1",
  ])("refuses %j", (target) => {
    expect(safeRedirectPath(target)).toBe("/dashboard");
  });
});
