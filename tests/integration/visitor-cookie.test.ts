import { describe, expect, it } from "vitest";
import { newVisitorId, signVisitorId, verifyVisitorCookie } from "#adapters/auth/visitor-cookie.ts";

describe("visitor ids", () => {
  it("are new every time, past the pool of random bytes drawn at once, and each signs and verifies", () => {
    const ids = Array.from({ length: 1000 }, () => newVisitorId());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(verifyVisitorCookie(signVisitorId(id, "secret"), "secret")).toBe(id);
    }
    // Wiped bytes would show as runs of "A" (zero bits): no id is made of them.
    expect(ids.filter((id) => id.startsWith("AAAAAAAA"))).toEqual([]);
  });

  it("a cookie signed with another secret, or edited, is not the visitor's", () => {
    const id = newVisitorId();
    expect(verifyVisitorCookie(signVisitorId(id, "other"), "secret")).toBeNull();
    expect(verifyVisitorCookie(`${newVisitorId()}.${signVisitorId(id, "secret").split(".")[1]}`, "secret")).toBeNull();
  });
});
