import type { Kysely } from "kysely";
import { parseScheduledSale } from "#adapters/db/scheduled-sale.ts";
import type { Database } from "#adapters/db/schema.ts";
import { nextSaleBoundary } from "#domain/shop-facts/sale-price.ts";

/** Where the catalogue stands: what a rendered catalogue response is valid for. */
export interface CatalogueStamp {
  /** Bumped in the same transaction as any write to games, categories, products or stock holds. */
  version: number;
  /** When the next prepared checkout's hold ends (available stock rises then without a write); null: none. */
  nextHoldExpiry: Date | null;
  /** When the scheduled sale next starts or ends (prices change then without a write); null: none. */
  nextPriceChange: Date | null;
}

/**
 * The catalogue's version, read with one prepared query (compiled once: this runs on every
 * catalogue request, so a Kysely compile per call would cost more than the query itself).
 */
export function catalogueVersionReader(db: Kysely<Database>): () => Promise<number> {
  const query = db.selectFrom("catalogue_version").select("version").where("id", "=", 1).compile();
  return async () => Number((await db.executeQuery(query)).rows[0]?.version ?? 0);
}

/**
 * The version, the next hold expiry and the sale's next start or end after `now`, read in one
 * statement so they belong together: a page rendered at this stamp is stale at the first of them.
 */
export async function readCatalogueStamp(db: Kysely<Database>, now: Date): Promise<CatalogueStamp> {
  const row = await db
    .selectFrom("catalogue_version")
    .select((eb) => [
      "version",
      eb
        .selectFrom("stock_holds")
        .select((h) => h.fn.min("expiresAt").as("expiresAt"))
        .where("expiresAt", ">", now.toISOString())
        .as("nextHoldExpiry"),
      eb.selectFrom("shop_settings").select("value").where("key", "=", "announcement").as("announcement"),
    ])
    .where("id", "=", 1)
    .executeTakeFirst();
  return {
    version: Number(row?.version ?? 0),
    nextHoldExpiry: row?.nextHoldExpiry ? new Date(row.nextHoldExpiry) : null,
    nextPriceChange: nextSaleBoundary(parseScheduledSale(row?.announcement ?? null), now),
  };
}
