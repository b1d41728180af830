import { describe, expect, it } from "vitest";
import { addDays, dayOf, isTimeZone } from "#domain/analytics/analytics-day.ts";

describe("analytics days", () => {
  it("knows IANA time zones and refuses anything else", () => {
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Asia/Kathmandu")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });

  it("puts an instant on its calendar day in the configured zone", () => {
    const instant = new Date("2026-11-21T23:30:00.000Z");
    expect(dayOf(instant, "UTC")).toBe("2026-11-21");
    expect(dayOf(instant, "Europe/Berlin")).toBe("2026-11-22"); // 00:30 local
    expect(dayOf(instant, "America/Los_Angeles")).toBe("2026-11-21"); // 15:30 local
    expect(dayOf(new Date("2026-11-21T18:14:59.999Z"), "Asia/Kathmandu")).toBe("2026-11-21"); // 23:59:59.999 at +05:45
    expect(dayOf(new Date("2026-11-21T18:15:00.000Z"), "Asia/Kathmandu")).toBe("2026-11-22");
  });

  it("follows daylight saving changes (Berlin's midnight is 23:00Z in winter, 22:00Z in summer)", () => {
    expect(dayOf(new Date("2026-07-01T21:59:59.999Z"), "Europe/Berlin")).toBe("2026-07-01");
    expect(dayOf(new Date("2026-07-01T22:00:00.000Z"), "Europe/Berlin")).toBe("2026-07-02");
    expect(dayOf(new Date("2026-12-01T22:59:59.999Z"), "Europe/Berlin")).toBe("2026-12-01");
    expect(dayOf(new Date("2026-12-01T23:00:00.000Z"), "Europe/Berlin")).toBe("2026-12-02");
  });

  it("adds calendar days across month and year ends and leap days", () => {
    expect(addDays("2026-11-21", -29)).toBe("2026-10-23");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDays("2026-03-29", 0)).toBe("2026-03-29");
  });
});
