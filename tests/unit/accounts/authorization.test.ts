import { describe, expect, it } from "vitest";
import { assertAdmin, assertOwnerOrAdmin, assertSignedIn } from "../../../domain/accounts/authorization.ts";
import { displayName, type SessionUser } from "../../../domain/accounts/user.ts";

const shopper: SessionUser = { id: "u1", email: "s@x.co", firstName: null, isAdmin: false, robloxUsername: null, storeCredit: 0, points: 0 };
const admin: SessionUser = { ...shopper, id: "a1", isAdmin: true };

const kindOf = (fn: () => unknown) => {
  try {
    fn();
    return "passed";
  } catch (error) {
    return (error as { kind: string }).kind;
  }
};

describe("authorization rules", () => {
  it("signed-in: guests are unauthenticated", () => {
    expect(kindOf(() => assertSignedIn(null))).toBe("unauthenticated");
    expect(assertSignedIn(shopper)).toBe(shopper);
  });

  it("admin: guests 401, shoppers 403", () => {
    expect(kindOf(() => assertAdmin(null))).toBe("unauthenticated");
    expect(kindOf(() => assertAdmin(shopper))).toBe("forbidden");
    expect(assertAdmin(admin)).toBe(admin);
  });

  it("owner or admin", () => {
    expect(assertOwnerOrAdmin(shopper, "u1")).toBe(shopper);
    expect(assertOwnerOrAdmin(admin, "u1")).toBe(admin);
    expect(kindOf(() => assertOwnerOrAdmin(shopper, "u2"))).toBe("forbidden");
    expect(kindOf(() => assertOwnerOrAdmin(shopper, null))).toBe("forbidden");
    expect(kindOf(() => assertOwnerOrAdmin(null, "u1"))).toBe("unauthenticated");
  });

  // Issue 19: greeting with the whole address pushed the dashboard sideways on a phone.
  it("display name is the first name, else the part of the email before the @", () => {
    expect(displayName({ firstName: "Ana", email: "a@x.co" })).toBe("Ana");
    expect(displayName({ firstName: "  ", email: "a@x.co" })).toBe("a");
    expect(displayName({ firstName: null, email: "a@x.co" })).toBe("a");
  });
});
