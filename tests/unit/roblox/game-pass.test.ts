import { describe, expect, it } from "vitest";
import { gamePassMessage, gamePassPriceFor, gamePassProblem, parseGamePass, type GamePassDetails } from "#domain/roblox/game-pass.ts";
import { checkGamePass } from "#domain/roblox/check-game-pass.ts";
import { inMemoryGamePasses } from "../../fakes/in-memory-game-passes.ts";
import { inMemoryRobloxDirectory } from "../../fakes/in-memory-roblox-directory.ts";

describe("a pasted gamepass", () => {
  it("is a pass link, with or without its name, or the bare id", () => {
    expect(parseGamePass("https://www.roblox.com/game-pass/123/Robux-700")).toBe(123);
    expect(parseGamePass("https://www.roblox.com/game-pass/123")).toBe(123);
    expect(parseGamePass("https://roblox.com/game-pass/123/Name?refPageId=abc")).toBe(123);
    expect(parseGamePass("  123  ")).toBe(123);
  });

  it("is nothing else: another site, a place's link, words, zero", () => {
    for (const text of [
      "https://evil.example/game-pass/123",
      "https://www.roblox.com/games/123/Place",
      "my pass",
      "",
      "0",
      "12a",
      "https://www.roblox.com.evil.example/game-pass/1",
    ]) {
      expect(parseGamePass(text), text).toBeNull();
    }
  });
});

describe("the price to set", () => {
  it("is ceil(amount / 0.7) in integers: 700 Robux is exactly 1,000", () => {
    expect(gamePassPriceFor(700)).toBe(1000);
    expect(gamePassPriceFor(1)).toBe(2);
    expect(gamePassPriceFor(7)).toBe(10);
    expect(gamePassPriceFor(1700)).toBe(2429);
    expect(gamePassPriceFor(1400)).toBe(2000);
  });

  it("always pays the buyer at least the amount after Roblox's 30%", () => {
    for (let robux = 1; robux <= 5000; robux++) {
      const price = gamePassPriceFor(robux);
      expect(Math.floor((price * 7) / 10)).toBeGreaterThanOrEqual(robux);
      expect(Math.floor(((price - 1) * 7) / 10)).toBeLessThan(robux);
    }
  });

  it("refuses an amount that is not a positive whole number", () => {
    expect(() => gamePassPriceFor(0)).toThrow(RangeError);
    expect(() => gamePassPriceFor(1.5)).toThrow(RangeError);
  });
});

describe("a pass checked against its order", () => {
  const right: GamePassDetails = { id: 1, name: "Robux", creatorUserId: 42, price: 1000, isForSale: true, regionalPricing: false };
  const expected = { price: 1000, recipientUserId: 42 };

  it("passes when it is the recipient's, for sale, at the price, regional pricing off (or not said)", () => {
    expect(gamePassProblem(right, expected)).toBeNull();
    expect(gamePassProblem({ ...right, regionalPricing: null }, expected)).toBeNull();
  });

  it("names the first thing to fix", () => {
    expect(gamePassProblem(null, expected)).toEqual({ code: "gamepass_not_found" });
    expect(gamePassProblem({ ...right, creatorUserId: 7 }, expected)).toEqual({ code: "gamepass_not_yours" });
    expect(gamePassProblem({ ...right, creatorUserId: null }, expected)).toEqual({ code: "gamepass_not_yours" });
    expect(gamePassProblem({ ...right, isForSale: false, price: 5 }, expected)).toEqual({ code: "gamepass_not_for_sale" });
    expect(gamePassProblem({ ...right, price: 700 }, expected)).toEqual({ code: "gamepass_price", expectedPrice: 1000, price: 700 });
    expect(gamePassProblem({ ...right, regionalPricing: true }, expected)).toEqual({ code: "gamepass_regional_pricing" });
  });

  it("says the fix in each message", () => {
    expect(gamePassMessage({ code: "gamepass_price", expectedPrice: 1000, price: 700 })).toContain("Set the pass price to 1,000 Robux");
    expect(gamePassMessage({ code: "gamepass_regional_pricing" })).toContain("Turn off Regional Pricing in the pass's settings");
    expect(gamePassMessage({ code: "gamepass_not_for_sale" })).toContain("Item for sale");
    expect(gamePassMessage({ code: "gamepass_not_yours" })).toContain("account that receives the Robux");
  });
});

describe("checking a gamepass at Roblox", () => {
  const deps = () => ({ directory: inMemoryRobloxDirectory().directory, ...inMemoryGamePasses() });

  it("accepts the recipient's pass priced for the amount", async () => {
    const d = deps();
    await expect(checkGamePass({ gamePass: "https://www.roblox.com/game-pass/7001/Robux-700", amount: 700, robloxUsername: "Builder_42" }, d)).resolves.toEqual(
      {
        id: 7001,
        price: 1000,
      },
    );
  });

  it("refuses each failing pass with its code (422)", async () => {
    const d = deps();
    const check = (gamePass: string) => checkGamePass({ gamePass, amount: 700, robloxUsername: "Builder_42" }, d);
    await expect(check("7002")).rejects.toMatchObject({
      kind: "unprocessable",
      code: "gamepass_price",
      answer: { code: "gamepass_price", expectedPrice: 1000 },
    });
    await expect(check("7003")).rejects.toMatchObject({ kind: "unprocessable", code: "gamepass_not_yours" });
    await expect(check("7004")).rejects.toMatchObject({ kind: "unprocessable", code: "gamepass_not_for_sale" });
    await expect(check("7005")).rejects.toMatchObject({ kind: "unprocessable", code: "gamepass_regional_pricing" });
    await expect(check("999999")).rejects.toMatchObject({ kind: "unprocessable", code: "gamepass_not_found" });
    await expect(check("not a pass")).rejects.toMatchObject({ kind: "invalid", code: "gamepass_invalid" });
  });

  it("cannot check a pass while Roblox is down (503), nor when the recipient cannot be confirmed", async () => {
    const d = deps();
    d.state.unreachable = true;
    await expect(checkGamePass({ gamePass: "7001", amount: 700, robloxUsername: "Builder_42" }, d)).rejects.toMatchObject({
      kind: "unavailable",
      code: "gamepass_uncheckable",
    });
    const directory = inMemoryRobloxDirectory();
    directory.state.unreachable = true;
    await expect(
      checkGamePass(
        { gamePass: "7001", amount: 700, robloxUsername: "Builder_42" },
        { directory: directory.directory, gamePasses: inMemoryGamePasses().gamePasses },
      ),
    ).rejects.toMatchObject({ code: "gamepass_uncheckable" });
  });
});
