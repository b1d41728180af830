import type { Kysely } from "kysely";
import { normalizeCode } from "#domain/promotions/discount-code.ts";
import type { DiscountCodeLookup, ShopSettingsStore } from "#domain/shop-facts/shop-settings.port.ts";
import type { Database } from "../db/schema.ts";

/** One JSON document per section; a write bumps the catalogue version by trigger (migration 0029). */
export function createShopSettingsStore(db: Kysely<Database>): ShopSettingsStore {
  return {
    async save(section, value, by, at) {
      const row = { key: section, value: JSON.stringify(value), updatedAt: at.toISOString(), updatedBy: by };
      await db
        .insertInto("shop_settings")
        .values(row)
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: row.value, updatedAt: row.updatedAt, updatedBy: row.updatedBy }))
        .execute();
    },
  };
}

export function createDiscountCodeLookup(db: Kysely<Database>): DiscountCodeLookup {
  return {
    async exists(code) {
      const row = await db.selectFrom("discount_codes").select("id").where("code", "=", normalizeCode(code)).executeTakeFirst();
      return row !== undefined;
    },
  };
}
