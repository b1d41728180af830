import { describe, expect, it } from "vitest";
import { formatRemaining, salePhase, upToText } from "#src/lib/countdown.ts";

describe("the sale countdown (issue 36)", () => {
  const start = Date.parse("2026-11-27T10:00:00Z");
  const end = Date.parse("2026-11-28T10:00:00Z");

  it("runs from the sale's start (inclusive) to its end (exclusive), and is over after it: nothing restarts", () => {
    expect(salePhase(start, end, start - 1)).toBe("upcoming");
    expect(salePhase(start, end, start)).toBe("running");
    expect(salePhase(start, end, end - 1)).toBe("running");
    expect(salePhase(start, end, end)).toBe("over");
    expect(salePhase(start, end, end + 86_400_000)).toBe("over");
  });

  it("shows the time left to the real end as HH:MM:SS, never below zero, hours past 24 for a long sale", () => {
    expect(formatRemaining(end - start)).toBe("24:00:00");
    expect(formatRemaining(3 * 86_400_000 + 61_500)).toBe("72:01:02");
    expect(formatRemaining(999)).toBe("00:00:01");
    expect(formatRemaining(-5000)).toBe("00:00:00");
  });

  it('says "up to N% off" only for a real percentage', () => {
    expect(upToText(30)).toBe("Up to 30% off");
    expect(upToText(null)).toBeNull();
    expect(upToText(0)).toBeNull();
  });
});
