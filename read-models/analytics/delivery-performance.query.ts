import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { addDays, dayOf } from "#domain/analytics/analytics-day.ts";
import { DAILY_WINDOW_DAYS } from "#domain/analytics/analytics-windows.ts";
import { deliveryPerformanceOfCounts, type DeliveryPerformance, type MinuteCounts } from "#domain/analytics/delivery-performance.ts";

/** Delivery performance for GET /api/admin/analytics: the 30-day window, today, and each day. */
export interface DeliveryPerformanceView extends DeliveryPerformance {
  todayMedianDeliveryMinutes: number | null;
  todayDeliveredWithinSlaRate: number | null;
  todayLateOrders: number;
  /** Day → that day's figures (days with deliveries or late orders only). */
  deliveryByDay: Record<string, DeliveryPerformance & { delivered: number }>;
}

type Period = { minutes: Map<number, number>; delivered: number; withinSla: number; late: number };

const emptyPeriod = (): Period => ({ minutes: new Map(), delivered: 0, withinSla: 0, late: 0 });
const countsOf = (period: Period): MinuteCounts => [...period.minutes].map(([minutes, deliveries]) => ({ minutes, deliveries }));

/**
 * Reads the delivery projection's per-day counters of the last DAILY_WINDOW_DAYS days (issue 33: a
 * row per day and a row per day and distinct number of minutes, not a row per order); `now` decides
 * which day is today in `timeZone`.
 */
export async function readDeliveryPerformance(db: Kysely<Database>, at: { now: Date; timeZone: string }): Promise<DeliveryPerformanceView> {
  const today = dayOf(at.now, at.timeZone);
  const first = addDays(today, -(DAILY_WINDOW_DAYS - 1));
  const [days, minutes] = await Promise.all([
    db.selectFrom("rm_delivery_days").selectAll().where("day", ">=", first).where("day", "<=", today).execute(),
    db.selectFrom("rm_delivery_minutes").selectAll().where("day", ">=", first).where("day", "<=", today).execute(),
  ]);
  const window = emptyPeriod();
  const byDay = new Map<string, Period>();
  const periodOf = (day: string) => {
    let period = byDay.get(day);
    if (!period) byDay.set(day, (period = emptyPeriod()));
    return period;
  };
  for (const row of days) {
    const period = periodOf(row.day);
    for (const p of [period, window]) {
      p.delivered += Number(row.delivered);
      p.withinSla += Number(row.withinSla);
      p.late += Number(row.late);
    }
  }
  for (const row of minutes) {
    const n = Number(row.deliveries);
    if (n <= 0) continue;
    for (const p of [periodOf(row.day), window]) p.minutes.set(Number(row.minutes), (p.minutes.get(Number(row.minutes)) ?? 0) + n);
  }
  const figures = (period: Period) => deliveryPerformanceOfCounts({ ...period, minutes: countsOf(period) });
  const todays = figures(byDay.get(today) ?? emptyPeriod());
  const deliveryByDay: DeliveryPerformanceView["deliveryByDay"] = {};
  for (const day of [...byDay.keys()].sort()) {
    const period = byDay.get(day)!;
    // A day whose counts were all taken back (an order delivered again later) is not listed.
    if (period.delivered === 0 && period.late === 0) continue;
    deliveryByDay[day] = { ...figures(period), delivered: period.delivered };
  }
  return {
    ...figures(window),
    todayMedianDeliveryMinutes: todays.medianDeliveryMinutes,
    todayDeliveredWithinSlaRate: todays.deliveredWithinSlaRate,
    todayLateOrders: todays.lateOrders,
    deliveryByDay,
  };
}
