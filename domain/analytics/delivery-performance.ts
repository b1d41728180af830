/** How well the delivery promise is kept over some deliveries (issue 21). */
export interface DeliveryPerformance {
  /** Median minutes from payment to delivery; null without deliveries. */
  medianDeliveryMinutes: number | null;
  /** Share of deliveries made by their deadline, 0 to 1; null without deliveries. */
  deliveredWithinSlaRate: number | null;
  /** Orders whose deadline (in the period) passed undelivered. */
  lateOrders: number;
}

/** The median of the values (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The figures of a period from its deliveries (minutes, kept the promise or not) and its late orders. */
export function deliveryPerformance(deliveries: readonly { minutes: number; withinSla: boolean }[], lateOrders: number): DeliveryPerformance {
  return {
    medianDeliveryMinutes: median(deliveries.map((d) => d.minutes)),
    deliveredWithinSlaRate: deliveries.length === 0 ? null : deliveries.filter((d) => d.withinSla).length / deliveries.length,
    lateOrders,
  };
}

/** How many deliveries took each number of minutes (one entry per distinct value, any order). */
export type MinuteCounts = readonly { minutes: number; deliveries: number }[];

/** The median of the values these counts describe, as median() of the values themselves would be. */
export function medianOfCounts(counts: MinuteCounts): number | null {
  const sorted = counts.filter((c) => c.deliveries > 0).sort((a, b) => a.minutes - b.minutes);
  const total = sorted.reduce((sum, c) => sum + c.deliveries, 0);
  if (total === 0) return null;
  // The value at a 0-based position among all values in order.
  const at = (position: number): number => {
    let seen = 0;
    for (const c of sorted) {
      seen += c.deliveries;
      if (position < seen) return c.minutes;
    }
    return sorted.at(-1)!.minutes;
  };
  const middle = Math.floor(total / 2);
  return total % 2 === 1 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}

/**
 * The figures of a period from its counters (issue 33: folded per day by the delivery projection)
 * rather than from each delivery: the same answer deliveryPerformance gives for the same deliveries.
 */
export function deliveryPerformanceOfCounts(period: { minutes: MinuteCounts; delivered: number; withinSla: number; late: number }): DeliveryPerformance {
  return {
    medianDeliveryMinutes: medianOfCounts(period.minutes),
    deliveredWithinSlaRate: period.delivered === 0 ? null : period.withinSla / period.delivered,
    lateOrders: period.late,
  };
}
