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
