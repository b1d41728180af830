import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { addDays, dayOf } from "#domain/analytics/analytics-day.ts";
import type { MinuteCounts } from "#domain/analytics/delivery-performance.ts";
import { MEASURED_DELIVERY_DAYS, measuredDelivery, type MeasuredDelivery } from "#domain/analytics/measured-delivery.ts";

/**
 * The product page's measured delivery time (domain/analytics/measured-delivery.ts decides which):
 * the product's minute counts of the last MEASURED_DELIVERY_DAYS days, and only when they are too
 * few its game's, each a range of the primary key of the delivery-times projection's tables (a row
 * per day and distinct number of minutes, not a row per order). `now` and `timeZone` decide today.
 */
export async function readMeasuredDelivery(
  db: Kysely<Database>,
  product: { id: string; gameId: string },
  at: { now: Date; timeZone: string },
): Promise<MeasuredDelivery | null> {
  const today = dayOf(at.now, at.timeZone);
  const first = addDays(today, -(MEASURED_DELIVERY_DAYS - 1));
  // Summed per number of minutes in the database: a selling product's 30 days are hundreds of
  // rows (a day and a distinct minute each), its distinct minutes a few dozen.
  const own: MinuteCounts = await db
    .selectFrom("rm_product_delivery_minutes")
    .select((eb) => ["minutes", eb.fn.sum<number>("deliveries").as("deliveries")])
    .where("productId", "=", product.id)
    .where("day", ">=", first)
    .where("day", "<=", today)
    .groupBy("minutes")
    .execute();
  const counts = (rows: MinuteCounts) => rows.map((row) => ({ minutes: Number(row.minutes), deliveries: Number(row.deliveries) }));
  const measured = measuredDelivery(counts(own), null);
  if (measured) return measured;
  const game: MinuteCounts = await db
    .selectFrom("rm_game_delivery_minutes")
    .select((eb) => ["minutes", eb.fn.sum<number>("deliveries").as("deliveries")])
    .where("gameId", "=", product.gameId)
    .where("day", ">=", first)
    .where("day", "<=", today)
    .groupBy("minutes")
    .execute();
  return measuredDelivery(counts(own), counts(game));
}
