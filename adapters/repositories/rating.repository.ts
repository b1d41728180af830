import type { Selectable } from "kysely";
import type { RatableOrders, RatingRepository } from "#domain/ratings/rating-repository.port.ts";
import type { Rating } from "#domain/ratings/rating.ts";
import type { RatingsTable } from "../db/schema.ts";
import type { Tx } from "../db/database.ts";

function toRating(row: Selectable<RatingsTable>): Rating {
  return {
    id: row.id,
    orderId: row.orderId,
    productId: row.productId,
    userId: row.userId,
    stars: Number(row.stars),
    comment: row.comment,
    status: row.status,
    reply: row.reply,
    createdAt: new Date(row.createdAt),
    moderatedAt: row.moderatedAt ? new Date(row.moderatedAt) : null,
    moderatedBy: row.moderatedBy,
  };
}

export function createRatingRepository(db: Tx): RatingRepository {
  return {
    async add(rating) {
      // The unique (orderId, productId) turns a second rating, even a concurrent one, into "not stored".
      const row = await db
        .insertInto("ratings")
        .values({
          id: rating.id,
          orderId: rating.orderId,
          productId: rating.productId,
          userId: rating.userId,
          stars: rating.stars,
          comment: rating.comment,
          status: rating.status,
          reply: rating.reply,
          createdAt: rating.createdAt.toISOString(),
          moderatedAt: rating.moderatedAt?.toISOString() ?? null,
          moderatedBy: rating.moderatedBy,
        })
        .onConflict((oc) => oc.columns(["orderId", "productId"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      return row !== undefined;
    },
    async moderate(id, change) {
      const row = await db
        .updateTable("ratings")
        .set({
          status: change.status,
          moderatedAt: change.at.toISOString(),
          moderatedBy: change.by,
          ...(change.reply === undefined ? {} : { reply: change.reply }),
        })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
      return row ? toRating(row) : null;
    },
    async findById(id) {
      const row = await db.selectFrom("ratings").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? toRating(row) : null;
    },
  };
}

export function createRatableOrders(db: Tx): RatableOrders {
  return {
    async find(orderId) {
      const order = await db.selectFrom("orders").select(["id", "userId", "status", "deliveredAt", "receipt"]).where("id", "=", orderId).executeTakeFirst();
      if (!order) return null;
      const items = await db.selectFrom("order_items").select("productId").where("orderId", "=", orderId).execute();
      return {
        id: order.id,
        userId: order.userId,
        status: order.status,
        deliveredAt: order.deliveredAt ? new Date(order.deliveredAt) : null,
        receipt: order.receipt ?? null,
        productIds: items.map((item) => item.productId),
      };
    },
  };
}
