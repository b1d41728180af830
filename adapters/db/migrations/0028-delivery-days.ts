import type { Kysely } from "kysely";
import { createTable, integer, primaryKey, text } from "../migration-kit.ts";

/**
 * Delivery performance folded per day (issue 33): the Analytics tab read one row per order
 * delivered or late in the last 30 days (37,000 at a grown shop) and counted them per day in
 * JavaScript on every request. The delivery projection (read-models/analytics/delivery.projection.ts,
 * version 2) now also keeps, per day, the deliveries, those within the promise and the late
 * orders, and how many deliveries took each number of minutes (the median is read from these
 * counts). Both are counters the projection adds to as events arrive; they fill at the next start,
 * when the new version rebuilds the projection from the event log.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(db, "rm_delivery_days", {
    columns: { day: primaryKey("text"), delivered: integer({ default: 0 }), withinSla: integer({ default: 0 }), late: integer({ default: 0 }) },
  });
  await createTable(db, "rm_delivery_minutes", {
    columns: { day: text(), minutes: integer(), deliveries: integer({ default: 0 }) },
    primaryKey: ["day", "minutes"],
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("rm_delivery_minutes").ifExists().execute();
  await db.schema.dropTable("rm_delivery_days").ifExists().execute();
}
