import { describe, expect, it } from "vitest";
import {
  AROUND_THE_CLOCK,
  checkStaffedHours,
  deliveryStartNotice,
  nextStaffedStart,
  promisedDueAt,
  type StaffedHours,
} from "#domain/fulfilment/staffed-hours.ts";

const weekdays = (periods: [string, string][]) => ({ mon: periods, tue: periods, wed: periods, thu: periods, fri: periods });
const utc: StaffedHours = { timeZone: "UTC", days: weekdays([["08:00", "22:00"]]) };
const at = (iso: string) => new Date(iso);

describe("staffed hours", () => {
  it("is around the clock without a period: the promise counts from payment", () => {
    expect(nextStaffedStart(AROUND_THE_CLOCK, at("2026-12-06T03:00:00Z")).toISOString()).toBe("2026-12-06T03:00:00.000Z");
    expect(promisedDueAt(AROUND_THE_CLOCK, at("2026-12-06T03:00:00Z"), 20).toISOString()).toBe("2026-12-06T03:20:00.000Z");
    expect(deliveryStartNotice(AROUND_THE_CLOCK, at("2026-12-06T03:00:00Z"))).toBeNull();
  });

  it("counts from payment inside a period and from the period's start before it", () => {
    // Wednesday 2 December 2026.
    expect(promisedDueAt(utc, at("2026-12-02T12:00:00Z"), 20).toISOString()).toBe("2026-12-02T12:20:00.000Z");
    expect(promisedDueAt(utc, at("2026-12-02T06:30:00Z"), 20).toISOString()).toBe("2026-12-02T08:20:00.000Z");
    // The end is not staffed: 22:00 sharp waits for the next morning.
    expect(nextStaffedStart(utc, at("2026-12-02T22:00:00Z")).toISOString()).toBe("2026-12-03T08:00:00.000Z");
  });

  it("skips days without hours: Friday night waits for Monday morning", () => {
    expect(nextStaffedStart(utc, at("2026-12-04T23:00:00Z")).toISOString()).toBe("2026-12-07T08:00:00.000Z");
    expect(nextStaffedStart(utc, at("2026-12-06T12:00:00Z")).toISOString()).toBe("2026-12-07T08:00:00.000Z");
  });

  it("reads the periods in the owner's time zone", () => {
    const berlin: StaffedHours = { timeZone: "Europe/Berlin", days: weekdays([["08:00", "22:00"]]) };
    // 06:30 UTC is 07:30 in Berlin in December (UTC+1): staffed from 07:00 UTC.
    expect(nextStaffedStart(berlin, at("2026-12-02T06:30:00Z")).toISOString()).toBe("2026-12-02T07:00:00.000Z");
    const tokyo: StaffedHours = { timeZone: "Asia/Tokyo", days: { mon: [["09:00", "17:00"]] } };
    // Sunday 20:00 UTC is Monday 05:00 in Tokyo: staffed from Monday 09:00 JST = 00:00 UTC.
    expect(nextStaffedStart(tokyo, at("2026-12-06T20:00:00Z")).toISOString()).toBe("2026-12-07T00:00:00.000Z");
  });

  it("follows daylight saving: 08:00 in Berlin is 07:00 UTC in winter and 06:00 UTC in summer", () => {
    const berlin: StaffedHours = { timeZone: "Europe/Berlin", days: { sun: [["08:00", "12:00"]], mon: [["08:00", "12:00"]] } };
    // Clocks go forward on Sunday 29 March 2026 at 02:00 local.
    expect(nextStaffedStart(berlin, at("2026-03-29T00:30:00Z")).toISOString()).toBe("2026-03-29T06:00:00.000Z");
    expect(nextStaffedStart(berlin, at("2026-03-22T00:30:00Z")).toISOString()).toBe("2026-03-22T07:00:00.000Z");
    // And back on Sunday 25 October 2026.
    expect(nextStaffedStart(berlin, at("2026-10-25T03:00:00Z")).toISOString()).toBe("2026-10-25T07:00:00.000Z");
    const newYork: StaffedHours = { timeZone: "America/New_York", days: { sun: [["00:00", "24:00"]] } };
    // Saturday 23:30 in New York (EST) waits until Sunday 00:00 local = 05:00 UTC.
    expect(nextStaffedStart(newYork, at("2026-12-06T04:30:00Z")).toISOString()).toBe("2026-12-06T05:00:00.000Z");
  });

  it("says when delivery starts, and in how long", () => {
    expect(deliveryStartNotice(utc, at("2026-12-02T23:00:00Z"))?.text).toBe("Delivery starts Thu 08:00 UTC, in 9 h");
    expect(deliveryStartNotice(utc, at("2026-12-02T07:15:00Z"))?.text).toBe("Delivery starts 08:00 UTC, in 45 min");
    expect(deliveryStartNotice(utc, at("2026-12-02T12:00:00Z"))).toBeNull();
  });

  it("refuses a schedule it cannot keep, with what to fix", () => {
    expect(() => checkStaffedHours({ timeZone: "Mars/Olympus", days: {} })).toThrow(/not a time zone/);
    expect(() => checkStaffedHours({ timeZone: "UTC", days: { mon: [["22:00", "08:00"]] } })).toThrow(/start before it ends/);
    expect(() =>
      checkStaffedHours({
        timeZone: "UTC",
        days: {
          mon: [
            ["08:00", "12:00"],
            ["11:00", "14:00"],
          ],
        },
      }),
    ).toThrow(/overlap/);
    expect(() => checkStaffedHours({ timeZone: "UTC", days: { mon: [["8", "12:00"]] } })).toThrow(/HH:MM/);
    expect(
      checkStaffedHours({
        timeZone: "UTC",
        days: {
          mon: [
            ["13:00", "17:00"],
            ["08:00", "12:00"],
          ],
          tue: [],
        },
      }),
    ).toEqual({
      timeZone: "UTC",
      days: {
        mon: [
          ["08:00", "12:00"],
          ["13:00", "17:00"],
        ],
      },
    });
  });
});

describe("a promise in words", () => {
  it("says minutes, hours and days as a shopper reads them", async () => {
    const { promiseInWords } = await import("#domain/fulfilment/delivery.ts");
    expect([20, 1, 60, 90, 1440, 2880, 1500].map(promiseInWords)).toEqual([
      "20 minutes",
      "1 minute",
      "1 hour",
      "1 hour 30 minutes",
      "1 day",
      "2 days",
      "25 hours",
    ]);
  });
});
