import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import type { ProductRatingsView, PublishedRatingView } from "./ratings.views.ts";

/** How many ratings a product page shows (the latest comments); the API pages further, at most RATINGS_PAGE_MAX. */
export const PRODUCT_PAGE_RATINGS = 5;
export const RATINGS_PAGE_MAX = 50;

/** Stars averaged to one decimal, as shown ("4.7"); null without any. */
export function roundedAverage(average: number | string | null | undefined, count: number): number | null {
  if (count === 0 || average === null || average === undefined) return null;
  return Math.round(Number(average) * 10) / 10;
}

/**
 * A product's published ratings (issue 36): the average and count over all of them, and one page
 * newest first (ratings_product_status_created, migration 0030). Pending and hidden ones are never
 * read here. The product page is cached; a rating's writes bump catalogue_version (0030's triggers).
 */
export async function readProductRatings(db: Kysely<Database>, productId: string, page: { offset: number; limit: number }): Promise<ProductRatingsView> {
  const published = db.selectFrom("ratings").where("productId", "=", productId).where("status", "=", "published");
  const [summary, rows] = await Promise.all([
    published
      .select((eb) => [eb.fn.avg<number | string | null>("stars").as("average"), eb.fn.countAll<number | string>().as("count")])
      .executeTakeFirstOrThrow(),
    published
      .select(["stars", "comment", "createdAt", "reply"])
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(Math.min(page.limit, RATINGS_PAGE_MAX))
      .offset(page.offset)
      .execute(),
  ]);
  const count = Number(summary.count);
  return {
    average: roundedAverage(summary.average, count),
    count,
    ratings: rows.map((row): PublishedRatingView => ({
      stars: Number(row.stars),
      comment: row.comment,
      createdAt: new Date(row.createdAt).toISOString(),
      ...(row.reply ? { reply: row.reply } : {}),
    })),
  };
}
