import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import type { OrderRatingView } from "./order-ratings.views.ts";

/** The ratings the shopper gave an order, one per product rated (the unique (orderId, productId) index). */
export async function listRatingsOfOrder(db: Kysely<Database>, orderId: string): Promise<OrderRatingView[]> {
  const rows = await db
    .selectFrom("ratings")
    .select(["productId", "stars", "comment", "status", "createdAt"])
    .where("orderId", "=", orderId)
    .orderBy("createdAt")
    .orderBy("productId")
    .execute();
  return rows.map((row) => ({
    productId: row.productId,
    stars: Number(row.stars),
    comment: row.comment,
    status: row.status,
    createdAt: new Date(row.createdAt).toISOString(),
  }));
}
