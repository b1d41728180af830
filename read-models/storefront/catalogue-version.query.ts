import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";

/** Where the catalogue stands: what a rendered catalogue response is valid for. */
export interface CatalogueStamp {
  /** Bumped in the same transaction as any write to games, categories, products or stock holds. */
  version: number;
  /** When the next prepared checkout's hold ends (available stock rises then without a write); null: none. */
  nextHoldExpiry: Date | null;
}

/**
 * The catalogue's version, read with one prepared query (compiled once: this runs on every
 * catalogue request, so a Kysely compile per call would cost more than the query itself).
 */
export function catalogueVersionReader(db: Kysely<Database>): () => Promise<number> {
  const query = db.selectFrom("catalogue_version").select("version").where("id", "=", 1).compile();
  return async () => Number((await db.executeQuery(query)).rows[0]?.version ?? 0);
}

/** The version and the next hold expiry after `now`, read in one statement so they belong together. */
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
    ])
    .where("id", "=", 1)
    .executeTakeFirst();
  return {
    version: Number(row?.version ?? 0),
    nextHoldExpiry: row?.nextHoldExpiry ? new Date(row.nextHoldExpiry) : null,
  };
}
