import type { Kysely } from "kysely";
import type { DemoRating } from "../seed/ratings.ts";
import type { Database } from "../db/schema.ts";

/**
 * Seeds the demo ratings into a store that has none (idempotent): for each, a delivered order of a
 * demo buyer (paid, delivered within the promise, placed days ago) holding the product, and its
 * published rating, all in one transaction. Products the catalogue does not hold are skipped.
 * Returns how many ratings were added.
 */
export async function seedDemoRatings(db: Kysely<Database>, ratings: readonly DemoRating[], now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if (await trx.selectFrom("ratings").select("id").limit(1).executeTakeFirst()) return 0;
    let added = 0;
    for (const [index, demo] of ratings.entries()) {
      const product = await trx.selectFrom("products").select(["id", "name", "gameId", "priceCents"]).where("name", "=", demo.productName).executeTakeFirst();
      if (!product) continue;
      const id = `demo-order-${index + 1}`;
      const placed = new Date(now.getTime() - demo.daysAgo * 86_400_000);
      const at = (minutes: number) => new Date(placed.getTime() + minutes * 60_000).toISOString();
      await trx
        .insertInto("orders")
        .values({
          id,
          userId: `demo-buyer-${index + 1}`,
          status: "completed",
          robloxUsername: `DemoBuyer${index + 1}`,
          email: `demo-buyer-${index + 1}@example.com`,
          subtotalCents: product.priceCents,
          discountCents: 0,
          totalCents: product.priceCents,
          paymentProvider: "sandbox",
          paymentId: `demo-payment-${index + 1}`,
          checkoutId: `demo-checkout-${index + 1}`,
          stockReturned: 0,
          createdAt: placed.toISOString(),
          updatedAt: at(9),
          paymentStatus: "paid",
          paidAt: placed.toISOString(),
          deliveryDueAt: at(20),
          deliveredAt: at(9),
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
        .insertInto("ratings")
        .values({
          id: `demo-rating-${index + 1}`,
          orderId: id,
          productId: product.id,
          userId: `demo-buyer-${index + 1}`,
          stars: demo.stars,
          comment: demo.comment,
          status: "published",
          reply: demo.reply,
          createdAt: at(60),
          moderatedAt: at(120),
          moderatedBy: null,
        })
        .execute();
      added++;
    }
    return added;
  });
}
