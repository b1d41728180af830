import { dayOf } from "#domain/analytics/analytics-day.ts";
import type { Projection } from "./projection.ts";
import { stateTable } from "./projection-transaction.ts";

export const ORDER_DELIVERIES = stateTable("rm_order_deliveries", ["orderId"]);

/**
 * Delivery performance (issue 21): per order, the day and minutes of its last delivery, whether it
 * kept its promise, and the day of the deadline it missed (OrderDelivered, OrderLate). Days are in
 * TIME_ZONE, so the settings name it and a change of zone rebuilds.
 */
export function deliveryProjection(settings: { timeZone: string }): Projection {
  return {
    name: "analytics-delivery",
    version: 1,
    settings: settings.timeZone,
    handles: ["OrderDelivered", "OrderLate"],
    tables: [ORDER_DELIVERIES],
    reads(event) {
      return event.type === "OrderDelivered" || event.type === "OrderLate" ? [{ table: ORDER_DELIVERIES, key: { orderId: event.payload.orderId } }] : [];
    },
    async evolve(event, trx) {
      if (event.type !== "OrderDelivered" && event.type !== "OrderLate") return;
      const { orderId } = event.payload;
      const row = (await trx.get(ORDER_DELIVERIES, { orderId })) ?? { orderId, deliveredDay: null, minutes: null, withinSla: null, lateDay: null };
      const dueDay = dayOf(new Date(event.payload.dueAt), settings.timeZone);
      if (event.type === "OrderLate") {
        trx.put(ORDER_DELIVERIES, { ...row, lateDay: row.lateDay ?? dueDay });
        return;
      }
      const { minutes, late } = event.payload;
      trx.put(ORDER_DELIVERIES, {
        ...row,
        deliveredDay: dayOf(event.occurredAt, settings.timeZone),
        minutes,
        withinSla: late ? 0 : 1,
        lateDay: late ? (row.lateDay ?? dueDay) : row.lateDay,
      });
    },
  };
}
