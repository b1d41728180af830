import { describe, expect, it } from "vitest";
import { admitHits, admitsHit } from "#domain/analytics/tracking-admission.ts";

describe("admitsHit", () => {
  it("admits while the window's hits, counting this one, are at most the limit", () => {
    expect([1, 2, 3, 4].map((n) => admitsHit(n, 3))).toEqual([true, true, true, false]);
    expect(admitsHit(1, 0)).toBe(false);
  });
});

describe("admitHits", () => {
  it("admits a burst of one key in order up to the limit; refused hits still count", () => {
    const hits = Array.from({ length: 8 }, () => ({ key: "a", limit: 3 }));
    // Nothing counted before: the upsert leaves 8.
    expect(admitHits(hits, new Map([["a", 8]]))).toEqual([true, true, true, false, false, false, false, false]);
  });

  it("starts from what was counted before the burst (other batches, other processes)", () => {
    const hits = Array.from({ length: 3 }, () => ({ key: "a", limit: 3 }));
    expect(admitHits(hits, new Map([["a", 5]]))).toEqual([true, false, false]); // 2 before
    expect(admitHits(hits, new Map([["a", 9]]))).toEqual([false, false, false]); // already over
  });

  it("decides each key on its own count, whatever the interleaving", () => {
    const hits = [
      { key: "a", limit: 2 },
      { key: "b", limit: 2 },
      { key: "a", limit: 2 },
      { key: "a", limit: 2 },
      { key: "b", limit: 2 },
    ];
    const counts = new Map([
      ["a", 3],
      ["b", 3],
    ]);
    // b had one hit before: its second hit in the burst is its third in the window.
    expect(admitHits(hits, counts)).toEqual([true, true, true, false, false]);
  });

  it("gives the same answers as the same hits counted one by one", () => {
    const keys = ["x", "y", "x", "z", "x", "y", "x", "x", "y", "z"];
    const limit = 2;
    const oneByOne = new Map<string, number>();
    const expected = keys.map((key) => {
      oneByOne.set(key, (oneByOne.get(key) ?? 0) + 1);
      return admitsHit(oneByOne.get(key)!, limit);
    });
    expect(
      admitHits(
        keys.map((key) => ({ key, limit })),
        oneByOne,
      ),
    ).toEqual(expected);
  });

  it("answers nothing for no hits and throws when a key's count is missing (a bug of the caller)", () => {
    expect(admitHits([], new Map())).toEqual([]);
    expect(() => admitHits([{ key: "a", limit: 1 }], new Map())).toThrow(/no count/);
  });
});
