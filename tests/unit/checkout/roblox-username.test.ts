import { describe, expect, it } from "vitest";
import { isValidRobloxUsername } from "#domain/checkout/roblox-username.ts";

describe("Roblox usernames (issue 21)", () => {
  it.each(["Builder_Man1", "abc", "a".repeat(20), "A_1", "Sam_123", "12345"])("accepts %j", (name) => {
    expect(isValidRobloxUsername(name)).toBe(true);
  });

  it.each(["ab", "a".repeat(21), "_abc", "a__b", "abc_", "a_b_c", "", "héllo", "ab cd", "ab-cd", "ab.cd"])("refuses %j", (name) => {
    expect(isValidRobloxUsername(name)).toBe(false);
  });
});
