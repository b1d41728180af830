import { describe, expect, it } from "vitest";
import { cartRequirements, checkRequirements, missingAcknowledgements } from "#domain/catalogue/requirements.ts";

describe("requirements of games and products", () => {
  it("are kept trimmed, with codes of lower-case words and links over https only", () => {
    expect(checkRequirements([{ code: " trades-enabled ", text: " Trading allowed ", url: "https://en.help.roblox.com/x" }])).toEqual([
      { code: "trades-enabled", text: "Trading allowed", url: "https://en.help.roblox.com/x" },
    ]);
    for (const bad of [
      [{ code: "Trades Enabled", text: "x" }],
      [{ code: "a", text: " " }],
      [{ code: "a", text: "x", url: "javascript:alert(1)" }],
      [
        { code: "a", text: "x" },
        { code: "a", text: "y" },
      ],
      Array.from({ length: 11 }, (_, i) => ({ code: `c${i}`, text: "x" })),
    ]) {
      expect(() => checkRequirements(bad)).toThrow(expect.objectContaining({ code: "bad_requirements" }));
    }
  });

  it("of a cart are each code once, the first text winning, and the missing ones are those not ticked", () => {
    const required = cartRequirements([
      [{ code: "a", text: "A" }],
      [
        { code: "a", text: "other" },
        { code: "b", text: "B" },
      ],
    ]);
    expect(required).toEqual([
      { code: "a", text: "A" },
      { code: "b", text: "B" },
    ]);
    expect(missingAcknowledgements(required, ["b", "zzz"])).toEqual(["a"]);
  });
});
