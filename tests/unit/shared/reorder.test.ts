import { describe, expect, it } from "vitest";
import { checkReorder } from "#domain/shared/reorder.ts";

describe("checkReorder (a reorder must name exactly the current set)", () => {
  it("accepts any permutation of the current ids and answers it", () => {
    expect(checkReorder(["a", "b", "c"], ["c", "a", "b"], "games")).toEqual(["c", "a", "b"]);
    expect(checkReorder(["a"], ["a"], "games")).toEqual(["a"]);
  });

  it("refuses a missing id as out of date (conflict)", () => {
    expect(() => checkReorder(["a", "b", "c"], ["a", "b"], "games")).toThrow(expect.objectContaining({ kind: "conflict" }));
  });

  it("refuses an extra or unknown id as out of date (conflict)", () => {
    expect(() => checkReorder(["a", "b"], ["a", "b", "x"], "products")).toThrow(/exactly the current products/);
    expect(() => checkReorder(["a", "b"], ["a", "x"], "products")).toThrow(expect.objectContaining({ kind: "conflict" }));
  });

  it("refuses a repeated id as malformed (invalid), even when the length matches", () => {
    expect(() => checkReorder(["a", "b"], ["a", "a"], "categories")).toThrow(expect.objectContaining({ kind: "invalid" }));
  });

  it("refuses an empty list", () => {
    expect(() => checkReorder([], [], "games")).toThrow(expect.objectContaining({ kind: "invalid" }));
  });
});
