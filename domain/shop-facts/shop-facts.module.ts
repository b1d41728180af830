import type { Clock } from "../shared/clock.port.ts";
import { noteStaffPresence } from "./note-staff-presence.ts";
import { saveShopSettings } from "./save-shop-settings.ts";
import type { DiscountCodeLookup, ShopSettingsStore } from "./shop-settings.port.ts";
import type { ShopSettings, ShopSettingsSection } from "./shop-settings.ts";
import type { StaffPresence } from "./staff-presence.port.ts";

/** What the shop-facts module needs, bound once by the composition root. */
export interface ShopFactsModuleDeps {
  store: ShopSettingsStore;
  discountCodes: DiscountCodeLookup;
  presence: StaffPresence;
  clock: Clock;
}

/** The owner's settings and the staff's presence (issue 36): `app.shopFacts.saveShopSettings(...)`. */
export function createShopFactsModule(deps: ShopFactsModuleDeps) {
  const { store, discountCodes, presence, clock } = deps;
  return {
    saveShopSettings: <S extends ShopSettingsSection>(section: S, value: ShopSettings[S], staffId: string) =>
      saveShopSettings(section, value, staffId, { store, discountCodes, clock }),
    noteStaffPresence: (staffId: string) => noteStaffPresence(staffId, { presence, clock }),
  };
}

export type ShopFactsModule = ReturnType<typeof createShopFactsModule>;
