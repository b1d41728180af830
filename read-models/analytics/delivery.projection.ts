import { dayOf } from "#domain/analytics/analytics-day.ts";
import type { Projection } from "./projection.ts";
import { counterTable, stateTable, type ProjectionTransaction } from "./projection-transaction.ts";

export const ORDER_DELIVERIES = stateTable("rm_order_deliveries", ["orderId"]);
/** Per day: deliveries, those within the promise, late orders (issue 33, migration 0028). */
export const DELIVERY_DAYS = counterTable("rm_delivery_days", ["day"], ["delivered", "withinSla", "late"]);
/** Per day and number of minutes: how many deliveries took that long (the median's counts). */
export const DELIVERY_MINUTES = counterTable("rm_delivery_minutes", ["day", "minutes"], ["deliveries"]);

type DeliveryRow = { orderId: string; deliveredDay: string | null; minutes: number | null; withinSla: number | null; lateDay: string | null };

/**
 * Delivery performance (issue 21): per order, the day and minutes of its last delivery, whether it
 * kept its promise, and the day of the deadline it missed (OrderDelivered, OrderLate). Days are in
 * TIME_ZONE, so the settings name it and a change of zone rebuilds.
 *
 * Version 2 (issue 33) also folds each order's change into per-day counters, so the Analytics tab
 * reads 30 day rows and their minute counts instead of every order of the month: what an order's
 * previous state counted is taken back, what its new state counts is added (a second delivery of
 * the same order moves it, it does not count twice).
 */
export function deliveryProjection(settings: { timeZone: string }): Projection {
  return {
    name: "analytics-delivery",
    version: 2,
    settings: settings.timeZone,
    handles: ["OrderDelivered", "OrderLate"],
    tables: [ORDER_DELIVERIES, DELIVERY_DAYS, DELIVERY_MINUTES],
    reads(event) {
      return event.type === "OrderDelivered" || event.type === "OrderLate" ? [{ table: ORDER_DELIVERIES, key: { orderId: event.payload.orderId } }] : [];
    },
    async evolve(event, trx) {
      if (event.type !== "OrderDelivered" && event.type !== "OrderLate") return;
      const { orderId } = event.payload;
      const row: DeliveryRow = (await trx.get(ORDER_DELIVERIES, { orderId })) ?? { orderId, deliveredDay: null, minutes: null, withinSla: null, lateDay: null };
      const dueDay = dayOf(new Date(event.payload.dueAt), settings.timeZone);
      let next: DeliveryRow;
      if (event.type === "OrderLate") {
        next = { ...row, lateDay: row.lateDay ?? dueDay };
      } else {
        const { minutes, late } = event.payload;
        next = {
          ...row,
          deliveredDay: dayOf(event.occurredAt, settings.timeZone),
          minutes,
          withinSla: late ? 0 : 1,
          lateDay: late ? (row.lateDay ?? dueDay) : row.lateDay,
        };
      }
      trx.put(ORDER_DELIVERIES, next);
      count(trx, row, -1);
      count(trx, next, 1);
    },
  };
}

/** Adds (sign 1) or takes back (sign -1) what one order's state counts in the per-day counters. */
function count(trx: ProjectionTransaction, row: DeliveryRow, sign: 1 | -1): void {
  if (row.deliveredDay !== null) {
    trx.add(DELIVERY_DAYS, { day: row.deliveredDay }, { delivered: sign, withinSla: sign * Number(row.withinSla ?? 0) });
    trx.add(DELIVERY_MINUTES, { day: row.deliveredDay, minutes: Number(row.minutes ?? 0) }, { deliveries: sign });
  }
  if (row.lateDay !== null) trx.add(DELIVERY_DAYS, { day: row.lateDay }, { late: sign });
}
