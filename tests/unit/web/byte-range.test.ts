import { describe, expect, it } from "vitest";
import { byteRange } from "#server/file-response.ts";

describe("byteRange (RFC 9110 single byte ranges)", () => {
  it("reads first-last, open-ended and suffix ranges, clamped to the file", () => {
    expect(byteRange("bytes=0-9", 100)).toEqual([0, 9]);
    expect(byteRange("bytes=90-", 100)).toEqual([90, 99]);
    expect(byteRange("bytes=-10", 100)).toEqual([90, 99]);
    expect(byteRange("bytes=-500", 100)).toEqual([0, 99]);
    expect(byteRange("bytes=50-500", 100)).toEqual([50, 99]);
  });

  it("calls a range outside the file unsatisfiable (416)", () => {
    expect(byteRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(byteRange("bytes=10-5", 100)).toBe("unsatisfiable");
    expect(byteRange("bytes=-0", 100)).toBe("unsatisfiable");
  });

  it("answers the whole file for several ranges, another unit or nonsense", () => {
    expect(byteRange("bytes=0-1,5-6", 100)).toBeNull();
    expect(byteRange("items=0-1", 100)).toBeNull();
    expect(byteRange("bytes=-", 100)).toBeNull();
    expect(byteRange("bytes=a-b", 100)).toBeNull();
  });
});
