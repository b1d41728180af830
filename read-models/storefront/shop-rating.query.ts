import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";

/** The average and count of the buyers' published ratings, shop-wide. */
export interface PublishedRatingSummary {
  average: number;
  count: number;
}

/**
 * EXTENSION POINT for the buyers' ratings (issue 36, built in parallel): return the shop-wide
 * average and count of published ratings, or null while there are none. Until the ratings table
 * exists this is always null, and the shop-wide rating shown is only the owner's stated figure
 * (shop-figures.queries.ts prefers this one when it is not null).
 */
export async function publishedRatingSummary(_db: Kysely<Database>): Promise<PublishedRatingSummary | null> {
  return null;
}
