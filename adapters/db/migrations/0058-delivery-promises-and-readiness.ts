import { sql, type Kysely } from "kysely";

/**
 * A promise per product and the buyer's readiness: each product may keep its own delivery time
 * (`deliveryMinutes`, null: the shop's DELIVERY_SLA_MINUTES), and an order keeps the promise it was
 * made when paid (`promiseMinutes`, so editing the product later moves no deadline) and whether its
 * buyer is in the game (`readiness`: "ready", "waiting_for_buyer" or null, with staff's note and
 * when it last changed). Existing orders keep no promise of their own: null reads as the shop's.
 * Orders waiting for their buyer have no deadline, so the Delivery queue's index (0027) leaves them
 * out: their own small partial index lists them there (WAITING_FOR_BUYER, its predicate verbatim).
 */
export const WAITING_FOR_BUYER = `"readiness" = 'waiting_for_buyer' and "deliveredAt" is null and "status" in ('pending', 'processing')`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("products").addColumn("deliveryMinutes", "integer").execute();
  await db.schema.alterTable("orders").addColumn("promiseMinutes", "double precision").execute();
  await db.schema.alterTable("orders").addColumn("readiness", "text").execute();
  await db.schema.alterTable("orders").addColumn("readinessNote", "text").execute();
  await db.schema.alterTable("orders").addColumn("readinessAt", "text").execute();
  await db.schema
    .createIndex("orders_waiting_for_buyer")
    .on("orders")
    .columns(["readinessAt", "id"])
    .where(sql<boolean>`${sql.raw(WAITING_FOR_BUYER)}`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("orders_waiting_for_buyer").execute();
  for (const column of ["readinessAt", "readinessNote", "readiness", "promiseMinutes"]) await db.schema.alterTable("orders").dropColumn(column).execute();
  await db.schema.alterTable("products").dropColumn("deliveryMinutes").execute();
}
