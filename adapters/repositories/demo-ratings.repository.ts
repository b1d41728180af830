import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { NewEvent } from "#domain/analytics/events.ts";
import type { DemoRating } from "../seed/ratings.ts";
import type { Database } from "../db/schema.ts";
import { appendEvents, type EventListener } from "./event-log.repository.ts";

/** Minutes from payment to delivery of every demo order: well within the 20-minute promise. */
const DELIVERED_AFTER_MINUTES = 9;

/**
 * Seeds the demo ratings into a store that has none (idempotent): for each, a delivered order of a
 * demo buyer (paid, delivered within the promise, placed days ago) holding the product, and its
 * published rating, all in one transaction. Products the catalogue does not hold are skipped.
 * Returns how many ratings were added.
 *
 * Each demo order is an order like any other (issue 47): an id of its own (so its short id is its
 * own, not "#DEMO-ORD" for all), its timeline, and its facts in the event log (placed, completed,
 * delivered), appended with the analytics projections' `listeners` in the same transaction, so
 * Analytics counts the orders the Orders tab lists.
 */
export async function seedDemoRatings(
  db: Kysely<Database>,
  ratings: readonly DemoRating[],
  now: Date,
  listeners: readonly EventListener[] = [],
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if (await trx.selectFrom("ratings").select("id").limit(1).executeTakeFirst()) return 0;
    const events: NewEvent[] = [];
    let added = 0;
    for (const [index, demo] of ratings.entries()) {
      const product = await trx.selectFrom("products").select(["id", "name", "gameId", "priceCents"]).where("name", "=", demo.productName).executeTakeFirst();
      if (!product) continue;
      const id = randomUUID();
      const buyer = `demo-buyer-${index + 1}`;
      const placed = new Date(now.getTime() - demo.daysAgo * 86_400_000);
      const at = (minutes: number) => new Date(placed.getTime() + minutes * 60_000);
      const delivered = at(DELIVERED_AFTER_MINUTES);
      await trx
        .insertInto("orders")
        .values({
          id,
          userId: buyer,
          status: "completed",
          robloxUsername: `DemoBuyer${index + 1}`,
          email: `${buyer}@example.com`,
          subtotalCents: product.priceCents,
          discountCents: 0,
          totalCents: product.priceCents,
          paymentProvider: "sandbox",
          paymentId: `demo-payment-${id}`,
          checkoutId: `demo-checkout-${id}`,
          stockReturned: 0,
          createdAt: placed.toISOString(),
          updatedAt: delivered.toISOString(),
          paymentStatus: "paid",
          paidAt: placed.toISOString(),
          deliveryDueAt: at(20).toISOString(),
          deliveredAt: delivered.toISOString(),
        })
        .execute();
      await trx
        .insertInto("order_items")
        .values({
          id: `${id}-item`,
          orderId: id,
          productId: product.id,
          productName: product.name,
          gameId: product.gameId,
          unitPriceCents: product.priceCents,
          quantity: 1,
        })
        .execute();
      await trx
        .insertInto("order_timeline")
        .values([
          { orderId: id, at: placed.toISOString(), kind: "placed", text: "Order placed", actorId: buyer },
          { orderId: id, at: placed.toISOString(), kind: "paid", text: "Payment received", actorId: buyer },
          { orderId: id, at: delivered.toISOString(), kind: "delivered", text: "Delivered", actorId: null },
        ])
        .execute();
      await trx
        .insertInto("ratings")
        .values({
          id: `demo-rating-${index + 1}`,
          orderId: id,
          productId: product.id,
          userId: buyer,
          stars: demo.stars,
          comment: demo.comment,
          status: "published",
          reply: demo.reply,
          createdAt: at(60).toISOString(),
          moderatedAt: at(120).toISOString(),
          moderatedBy: null,
        })
        .execute();
      const total = product.priceCents;
      const who = { visitorId: null, userId: buyer };
      events.push(
        { type: "OrderPlaced", occurredAt: placed, ...who, payload: { orderId: id, total, itemCount: 1 } },
        { type: "OrderStatusChanged", occurredAt: delivered, ...who, payload: { orderId: id, from: "pending", to: "completed", total } },
        {
          type: "OrderDelivered",
          occurredAt: delivered,
          ...who,
          payload: {
            orderId: id,
            paidAt: placed.toISOString(),
            dueAt: at(20).toISOString(),
            minutes: DELIVERED_AFTER_MINUTES,
            late: false,
            productIds: [product.id],
            gameIds: [product.gameId],
          },
        },
      );
      added++;
    }
    // In the order they happened, as the log of a real store holds them.
    events.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
    await appendEvents(trx, events, listeners);
    return added;
  });
}
