import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { TOTALS_ID } from "#read-models/analytics/summary.projection.ts";
import type { ShopFiguresView } from "./shop-figures.views.ts";
import { readShopRating } from "./shop-rating.query.ts";
import { readShopSettings } from "./shop-settings.query.ts";

/**
 * The figures the home, about and footer may show (issue 36). A computed figure comes first (the
 * buyers' published ratings; the registered shoppers the analytics projection counts), else the
 * owner's stated figure with its source, else nothing: a page never shows a number the shop cannot
 * back.
 */
export async function readShopFigures(db: Kysely<Database>): Promise<ShopFiguresView> {
  const [{ figures }, rating, totals] = await Promise.all([
    readShopSettings(db),
    readShopRating(db),
    db.selectFrom("rm_analytics_totals").select("users").where("id", "=", TOTALS_ID).executeTakeFirst(),
  ]);
  const shoppers = Number(totals?.users ?? 0);
  return {
    rating: rating
      ? { text: `Rated ${rating.average.toFixed(1)} out of 5 from ${rating.count} ${rating.count === 1 ? "review" : "reviews"}`, sourceUrl: null }
      : figures.rating,
    customers:
      figures.customers ??
      (shoppers > 0 ? { text: `${shoppers.toLocaleString("en-US")} registered ${shoppers === 1 ? "shopper" : "shoppers"}`, sourceUrl: null } : null),
  };
}
