import { describe, expect, it } from "vitest";
import { deliveryPerformance, deliveryPerformanceOfCounts, medianOfCounts, type MinuteCounts } from "#domain/analytics/delivery-performance.ts";

/** Counts of these values, one entry per distinct value, in no particular order. */
function countsOf(values: readonly number[]): MinuteCounts {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].reverse().map(([minutes, deliveries]) => ({ minutes, deliveries }));
}

describe("delivery performance from per-day counters (issue 33)", () => {
  it("the median of counts is the median of the values: odd and even counts, repeats, none", () => {
    expect(medianOfCounts([])).toBeNull();
    expect(medianOfCounts([{ minutes: 7, deliveries: 0 }])).toBeNull();
    expect(medianOfCounts(countsOf([12]))).toBe(12);
    expect(medianOfCounts(countsOf([3, 9]))).toBe(6);
    expect(medianOfCounts(countsOf([5, 5, 5, 40]))).toBe(5);
    expect(medianOfCounts(countsOf([1, 2, 2, 30, 30, 30]))).toBe(16);
    // A count taken back to zero (an order delivered again another day) is no value.
    expect(medianOfCounts([...countsOf([4, 8]), { minutes: 100, deliveries: 0 }])).toBe(6);
  });

  it("answers what the figures from each delivery answer, for many random months", () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let run = 0; run < 200; run++) {
      const deliveries = Array.from({ length: random(40) }, () => ({ minutes: random(90), withinSla: random(3) > 0 }));
      const late = random(5);
      const expected = deliveryPerformance(deliveries, late);
      const counted = deliveryPerformanceOfCounts({
        minutes: countsOf(deliveries.map((d) => d.minutes)),
        delivered: deliveries.length,
        withinSla: deliveries.filter((d) => d.withinSla).length,
        late,
      });
      expect(counted).toEqual(expected);
    }
  });
});
