import type { Kysely } from "kysely";
import type { ScheduledSale } from "#domain/shop-facts/shop-settings.ts";
import { salePricingAt, type SalePricing } from "#domain/shop-facts/sale-price.ts";
import type { Database } from "./schema.ts";

/**
 * The owner's scheduled sale as the Settings tab saved it (the `announcement` row of
 * `shop_settings`), or null. Read where prices are made: the catalogue's read models, the cart and
 * checkout's product availability, and the page cache's stamp (when prices next change).
 */
export async function readScheduledSale(db: Kysely<Database>): Promise<ScheduledSale | null> {
  const row = await db.selectFrom("shop_settings").select("value").where("key", "=", "announcement").executeTakeFirst();
  return parseScheduledSale(row?.value ?? null);
}

/** The sale out of the announcement document; a document that does not parse holds no sale. */
export function parseScheduledSale(document: string | null): ScheduledSale | null {
  if (!document) return null;
  try {
    const sale = (JSON.parse(document) as { sale?: ScheduledSale | null }).sale;
    return sale && typeof sale.startsAt === "string" && typeof sale.endsAt === "string" ? sale : null;
  } catch {
    return null;
  }
}

/** The running sale's pricing at `now` (sale-price.ts), or null. */
export async function readSalePricing(db: Kysely<Database>, now: Date): Promise<SalePricing | null> {
  return salePricingAt(await readScheduledSale(db), now);
}
