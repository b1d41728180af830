import type { Kysely } from "kysely";
import type { Database } from "#adapters/db/schema.ts";
import { SHOP_SETTINGS_SECTIONS, UNSET_SHOP_SETTINGS, type ShopSettings } from "#domain/shop-facts/shop-settings.ts";

/**
 * The owner's settings (issue 36), every section in one read of a table of three rows; a section
 * never saved, or unreadable, is "not set".
 */
export async function readShopSettings(db: Kysely<Database>): Promise<ShopSettings> {
  const rows = await db.selectFrom("shop_settings").select(["key", "value"]).where("key", "in", SHOP_SETTINGS_SECTIONS).execute();
  const settings: ShopSettings = structuredClone(UNSET_SHOP_SETTINGS);
  for (const row of rows) {
    try {
      Object.assign(settings, { [row.key]: { ...settings[row.key as keyof ShopSettings], ...JSON.parse(row.value) } });
    } catch {
      // A document that does not parse says nothing: the section stays unset.
    }
  }
  return settings;
}
