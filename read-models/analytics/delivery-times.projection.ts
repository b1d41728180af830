import { dayOf } from "#domain/analytics/analytics-day.ts";
import { minutesWaitedForShop } from "#domain/analytics/measured-delivery.ts";
import type { Database } from "#adapters/db/schema.ts";
import type { Projection } from "./projection.ts";
import { counterTable, stateTable, type ProjectionTransaction } from "./projection-transaction.ts";

export const ORDER_DELIVERY_TIMES = stateTable("rm_order_delivery_times", ["orderId"]);
/** Per product, day and number of minutes: how many deliveries waited that long for the shop. */
export const PRODUCT_DELIVERY_MINUTES = counterTable("rm_product_delivery_minutes", ["productId", "day", "minutes"], ["deliveries"]);
/** The same per game. */
export const GAME_DELIVERY_MINUTES = counterTable("rm_game_delivery_minutes", ["gameId", "day", "minutes"], ["deliveries"]);

type Row = Database["rm_order_delivery_times"];

/**
 * The shop's measured delivery time per product and per game (the product page's median, migration
 * 0072): each OrderDelivered counts its minutes on its day (TIME_ZONE) once for each product and
 * game it names. The minutes are the ones the shopper waited for the shop: from payment to the
 * delivery, less the time staff waited for the buyer, which OrderReadinessChanged tells
 * (minutesWaitedForShop). A second delivery of a reopened order moves its count, as in the delivery
 * projection. An OrderDelivered appended before the event named its products and games counts for
 * none: nothing in the log says what it delivered, and reading the orders' items here would make the
 * rows depend on more than the log. Those deliveries leave the 30-day window a month after the upgrade.
 */
export function deliveryTimesProjection(settings: { timeZone: string }): Projection {
  return {
    name: "analytics-delivery-times",
    version: 1,
    settings: settings.timeZone,
    handles: ["OrderDelivered", "OrderReadinessChanged"],
    tables: [ORDER_DELIVERY_TIMES, PRODUCT_DELIVERY_MINUTES, GAME_DELIVERY_MINUTES],
    reads(event) {
      return event.type === "OrderDelivered" || event.type === "OrderReadinessChanged"
        ? [{ table: ORDER_DELIVERY_TIMES, key: { orderId: event.payload.orderId } }]
        : [];
    },
    async evolve(event, trx) {
      if (event.type !== "OrderDelivered" && event.type !== "OrderReadinessChanged") return;
      const { orderId } = event.payload;
      const row: Row = (await trx.get(ORDER_DELIVERY_TIMES, { orderId })) ?? {
        orderId,
        waitingSince: null,
        buyerWaitMs: 0,
        deliveredDay: null,
        minutes: null,
        productIds: null,
        gameIds: null,
      };
      const at = event.occurredAt;
      // Waited for the buyer until now, earlier waits included.
      const waited = Number(row.buyerWaitMs) + (row.waitingSince === null ? 0 : Math.max(0, at.getTime() - new Date(row.waitingSince).getTime()));
      if (event.type === "OrderReadinessChanged") {
        const waiting = event.payload.readiness === "waiting_for_buyer";
        if (waiting && row.waitingSince === null) trx.put(ORDER_DELIVERY_TIMES, { ...row, waitingSince: at.toISOString() });
        if (!waiting && row.waitingSince !== null) trx.put(ORDER_DELIVERY_TIMES, { ...row, waitingSince: null, buyerWaitMs: waited });
        return;
      }
      const { paidAt, productIds, gameIds } = event.payload;
      const next: Row = {
        ...row,
        // A delivery ends the wait: the buyer came, whether or not they said so.
        waitingSince: null,
        buyerWaitMs: waited,
        deliveredDay: dayOf(at, settings.timeZone),
        minutes: minutesWaitedForShop(new Date(paidAt), at, waited),
        productIds: productIds ? JSON.stringify(productIds) : null,
        gameIds: gameIds ? JSON.stringify(gameIds) : null,
      };
      trx.put(ORDER_DELIVERY_TIMES, next);
      count(trx, row, -1);
      count(trx, next, 1);
    },
  };
}

/** Adds (sign 1) or takes back (sign -1) what one order's last delivery counts per product and per game. */
function count(trx: ProjectionTransaction, row: Row, sign: 1 | -1): void {
  if (row.deliveredDay === null || row.minutes === null) return;
  const at = { day: row.deliveredDay, minutes: Number(row.minutes) };
  for (const productId of idsOf(row.productIds)) trx.add(PRODUCT_DELIVERY_MINUTES, { productId, ...at }, { deliveries: sign });
  for (const gameId of idsOf(row.gameIds)) trx.add(GAME_DELIVERY_MINUTES, { gameId, ...at }, { deliveries: sign });
}

const idsOf = (json: string | null): string[] => (json === null ? [] : (JSON.parse(json) as string[]));
