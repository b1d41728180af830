import type { ShopSettings, ShopSettingsSection } from "./shop-settings.ts";

/** Where the owner's settings are kept: one document per section, replaced whole. */
export interface ShopSettingsStore {
  save<S extends ShopSettingsSection>(section: S, value: ShopSettings[S], by: string, at: Date): Promise<void>;
}

/** Whether a discount code exists (a sale may name one), whatever its case. */
export interface DiscountCodeLookup {
  exists(code: string): Promise<boolean>;
}
