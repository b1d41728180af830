import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import type { RatingStatus } from "#domain/ratings/rating.ts";
import { boundedCount, type BoundedCount } from "../shared/bounded-count.ts";
import type { AdminRatingView } from "./ratings.views.ts";

function ratingsQuery(db: Kysely<Database>) {
  return db
    .selectFrom("ratings")
    .select([
      "ratings.id",
      "ratings.orderId",
      "ratings.productId",
      "ratings.stars",
      "ratings.comment",
      "ratings.status",
      "ratings.reply",
      "ratings.createdAt",
      "ratings.moderatedAt",
      (eb) =>
        eb
          .selectFrom("order_items")
          .select("order_items.productName")
          .whereRef("order_items.orderId", "=", "ratings.orderId")
          .whereRef("order_items.productId", "=", "ratings.productId")
          .limit(1)
          .as("productName"),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof ratingsQuery>["executeTakeFirstOrThrow"]>>;

function toView(row: Row): AdminRatingView {
  return {
    id: row.id,
    orderId: row.orderId,
    productId: row.productId,
    productName: row.productName ?? "(unknown product)",
    stars: Number(row.stars),
    comment: row.comment,
    status: row.status,
    reply: row.reply,
    createdAt: new Date(row.createdAt).toISOString(),
    moderatedAt: row.moderatedAt ? new Date(row.moderatedAt).toISOString() : null,
  };
}

/** One page of ratings with this status, newest first (ratings_status_created, migration 0030). */
export async function listRatingsForAdmin(db: Kysely<Database>, filter: { status: RatingStatus; offset: number; limit: number }): Promise<AdminRatingView[]> {
  const rows = await ratingsQuery(db)
    .where("ratings.status", "=", filter.status)
    .orderBy("ratings.createdAt", "desc")
    .orderBy("ratings.id", "desc")
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return rows.map(toView);
}

/** How many ratings have this status (bounded: "10,000+" past the cap). */
export function countRatingsForAdmin(db: Kysely<Database>, status: RatingStatus): Promise<BoundedCount> {
  return boundedCount(db, db.selectFrom("ratings").where("status", "=", status));
}

export async function findRatingForAdmin(db: Kysely<Database>, id: string): Promise<AdminRatingView | null> {
  const row = await ratingsQuery(db).where("ratings.id", "=", id).executeTakeFirst();
  return row ? toView(row) : null;
}
