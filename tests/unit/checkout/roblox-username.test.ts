import { describe, expect, it } from "vitest";
import { isValidRobloxUsername, robloxUsernameProblem } from "#domain/checkout/roblox-username.ts";

describe("Roblox usernames (issue 21)", () => {
  it.each(["Builder_Man1", "abc", "a".repeat(20), "A_1", "Sam_123", "12345"])("accepts %j", (name) => {
    expect(isValidRobloxUsername(name)).toBe(true);
  });

  it.each(["ab", "a".repeat(21), "_abc", "a__b", "abc_", "a_b_c", "", "héllo", "ab cd", "ab-cd", "ab.cd"])("refuses %j", (name) => {
    expect(isValidRobloxUsername(name)).toBe(false);
  });

  // Issue 47: the field says what is wrong as the shopper types, in words, not the rule's code.
  it("names what is wrong with a name", () => {
    expect(robloxUsernameProblem("ab")).toBe("A Roblox username has at least 3 characters");
    expect(robloxUsernameProblem("a".repeat(21))).toBe("A Roblox username has at most 20 characters");
    expect(robloxUsernameProblem("ab cd")).toBe("Use only letters, digits and one underscore");
    expect(robloxUsernameProblem("a_b_c")).toBe("A Roblox username has at most one underscore");
    expect(robloxUsernameProblem("abc_")).toBe("The underscore cannot be the first or the last character");
    expect(robloxUsernameProblem("Builder_42")).toBeNull();
  });
});
