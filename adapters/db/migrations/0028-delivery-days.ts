import type { Kysely } from "kysely";

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
  await db.schema
    .createTable("rm_delivery_days")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("delivered", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("withinSla", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("late", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("rm_delivery_minutes")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("minutes", "integer", (c) => c.notNull())
    .addColumn("deliveries", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("rm_delivery_minutes_pk", ["day", "minutes"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("rm_delivery_minutes").ifExists().execute();
  await db.schema.dropTable("rm_delivery_days").ifExists().execute();
}
