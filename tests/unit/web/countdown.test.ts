import { describe, expect, it } from "vitest";
import { COUNTDOWN_DURATION_MS, formatRemaining, resolveEndTime, tick } from "#src/lib/countdown.ts";

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

describe("announcement countdown", () => {
  it("is 24 hours (86,400,000 ms)", () => {
    expect(COUNTDOWN_DURATION_MS).toBe(86_400_000);
  });

  it.each([[null], [""], ["not a number"], [String(NOW - 1)], [String(NOW)]])("starts a new 24-hour countdown when the stored end time is %j", (stored) => {
    expect(resolveEndTime(stored, NOW)).toEqual({ endTime: NOW + 86_400_000, renewed: true });
  });

  it("keeps a stored end time that is still in the future", () => {
    expect(resolveEndTime(String(NOW + 5000), NOW)).toEqual({ endTime: NOW + 5000, renewed: false });
  });

  it.each([
    [86_400_000, "24:00:00"],
    [86_399_000, "23:59:59"],
    [3_600_000 + 60_000 + 1000, "01:01:01"],
    [59_001, "00:01:00"],
    [999, "00:00:01"],
    [0, "00:00:00"],
    [-5000, "00:00:00"],
  ])("formats %i ms as %s (two digits each)", (ms, text) => {
    expect(formatRemaining(ms)).toBe(text);
  });

  it("ticks down while time remains, and restarts for another 24 hours at zero", () => {
    expect(tick(NOW + 10_000, NOW)).toEqual({ endTime: NOW + 10_000, renewed: false, text: "00:00:10" });
    expect(tick(NOW, NOW)).toEqual({ endTime: NOW + 86_400_000, renewed: true, text: "24:00:00" });
    expect(tick(NOW - 3000, NOW)).toEqual({ endTime: NOW + 86_400_000, renewed: true, text: "24:00:00" });
  });
});
