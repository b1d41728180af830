import { describe, expect, it } from "vitest";
import { starParts } from "#src/lib/star-parts.ts";

// Issue 47: "Rated 4.5" drew five full stars (Math.round); halves are drawn.
describe("the stars of an average", () => {
  it("draws to the nearest half star", () => {
    expect(starParts(4.5)).toEqual({ full: 4, half: 1, empty: 0 });
    expect(starParts(4.2)).toEqual({ full: 4, half: 0, empty: 1 });
    expect(starParts(4.3)).toEqual({ full: 4, half: 1, empty: 0 });
    expect(starParts(4.8)).toEqual({ full: 5, half: 0, empty: 0 });
    expect(starParts(1)).toEqual({ full: 1, half: 0, empty: 4 });
    expect(starParts(7)).toEqual({ full: 5, half: 0, empty: 0 });
    expect(starParts(Number.NaN)).toEqual({ full: 0, half: 0, empty: 5 });
  });
});
