import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { roundedAverage } from "./product-ratings.queries.ts";
import type { ShopRatingView } from "./ratings.views.ts";

/**
 * The shop-wide "Rated X from N reviews" (issue 36), computed from published ratings only (the
 * covering index ratings_status_stars, migration 0030); null when none is published, so a page
 * shows no figure rather than an invented one. Pages that show it are cached: publishing or hiding
 * a rating bumps catalogue_version.
 */
export async function readShopRating(db: Kysely<Database>): Promise<ShopRatingView | null> {
  const row = await db
    .selectFrom("ratings")
    .select((eb) => [eb.fn.avg<number | string | null>("stars").as("average"), eb.fn.countAll<number | string>().as("count")])
    .where("status", "=", "published")
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  const average = roundedAverage(row.average, count);
  return average === null ? null : { average, count };
}
