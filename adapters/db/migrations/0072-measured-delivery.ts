import type { Kysely } from "kysely";
import { createTable, integer, primaryKey, text, wideInteger } from "../migration-kit.ts";

/**
 * The product page's measured delivery time: the delivery-times projection
 * (read-models/analytics/delivery-times.projection.ts) counts, per product and per game, how many
 * deliveries of each day took each number of minutes, so a product page reads at most 30 days of
 * one product's (and, when it has too few, one game's) minute counts by the primary key's range.
 * Per order it keeps what it counted last (taken back when the order is delivered again) and the
 * time staff waited for its buyer, which the minutes leave out. The tables fill at the next start,
 * when the new projection is built from the event log.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, "rm_order_delivery_times", {
    columns: {
      orderId: primaryKey("text"),
      // Since when staff wait for the buyer ("Waiting for buyer" without "I'm ready" yet); null while not waiting.
      waitingSince: text.nullable(),
      // Milliseconds staff waited for the buyer in earlier waits, since payment.
      buyerWaitMs: wideInteger({ default: 0 }),
      // What the last delivery counted (null: nothing yet): its day, minutes, and the JSON arrays of ids.
      deliveredDay: text.nullable(),
      minutes: integer.nullable(),
      productIds: text.nullable(),
      gameIds: text.nullable(),
    },
  });
  await createTable(db, "rm_product_delivery_minutes", {
    columns: { productId: text(), day: text(), minutes: integer(), deliveries: integer({ default: 0 }) },
    primaryKey: ["productId", "day", "minutes"],
  });
  await createTable(db, "rm_game_delivery_minutes", {
    columns: { gameId: text(), day: text(), minutes: integer(), deliveries: integer({ default: 0 }) },
    primaryKey: ["gameId", "day", "minutes"],
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("rm_game_delivery_minutes").ifExists().execute();
  await db.schema.dropTable("rm_product_delivery_minutes").ifExists().execute();
  await db.schema.dropTable("rm_order_delivery_times").ifExists().execute();
}
