import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { addDays, dayOf } from "#domain/analytics/analytics-day.ts";
import { DAILY_WINDOW_DAYS } from "#domain/analytics/analytics-windows.ts";
import { deliveryPerformance, type DeliveryPerformance } from "#domain/analytics/delivery-performance.ts";

/** Delivery performance for GET /api/admin/analytics: the 30-day window, today, and each day. */
export interface DeliveryPerformanceView extends DeliveryPerformance {
  todayMedianDeliveryMinutes: number | null;
  todayDeliveredWithinSlaRate: number | null;
  todayLateOrders: number;
  /** Day → that day's figures (days with deliveries or late orders only). */
  deliveryByDay: Record<string, DeliveryPerformance & { delivered: number }>;
}

/**
 * Reads the rows of the last DAILY_WINDOW_DAYS days (one per order delivered or late in them) from
 * the delivery projection; `now` decides which day is today in `timeZone`.
 */
export async function readDeliveryPerformance(db: Kysely<Database>, at: { now: Date; timeZone: string }): Promise<DeliveryPerformanceView> {
  const today = dayOf(at.now, at.timeZone);
  const first = addDays(today, -(DAILY_WINDOW_DAYS - 1));
  const rows = await db
    .selectFrom("rm_order_deliveries")
    .selectAll()
    .where((eb) =>
      eb.or([eb.and([eb("deliveredDay", ">=", first), eb("deliveredDay", "<=", today)]), eb.and([eb("lateDay", ">=", first), eb("lateDay", "<=", today)])]),
    )
    .execute();
  const deliveredOn = (day?: string) =>
    rows
      .filter((r) => r.deliveredDay !== null && r.deliveredDay >= first && r.deliveredDay <= today && (day === undefined || r.deliveredDay === day))
      .map((r) => ({ minutes: Number(r.minutes ?? 0), withinSla: Number(r.withinSla) === 1 }));
  const lateOn = (day?: string) =>
    rows.filter((r) => r.lateDay !== null && r.lateDay >= first && r.lateDay <= today && (day === undefined || r.lateDay === day)).length;

  const window = deliveryPerformance(deliveredOn(), lateOn());
  const todays = deliveryPerformance(deliveredOn(today), lateOn(today));
  const days = new Set<string>();
  for (const r of rows) {
    if (r.deliveredDay && r.deliveredDay >= first && r.deliveredDay <= today) days.add(r.deliveredDay);
    if (r.lateDay && r.lateDay >= first && r.lateDay <= today) days.add(r.lateDay);
  }
  const deliveryByDay: DeliveryPerformanceView["deliveryByDay"] = {};
  for (const day of [...days].sort()) {
    const delivered = deliveredOn(day);
    deliveryByDay[day] = { ...deliveryPerformance(delivered, lateOn(day)), delivered: delivered.length };
  }
  return {
    ...window,
    todayMedianDeliveryMinutes: todays.medianDeliveryMinutes,
    todayDeliveredWithinSlaRate: todays.deliveredWithinSlaRate,
    todayLateOrders: todays.lateOrders,
    deliveryByDay,
  };
}
