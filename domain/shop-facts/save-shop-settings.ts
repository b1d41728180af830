import type { Clock } from "../shared/clock.port.ts";
import { saleAlreadyOver, saleCodeNotFound, saleEndsBeforeStart, salePercentWithoutItems } from "./shop-facts.errors.ts";
import type { DiscountCodeLookup, ShopSettingsStore } from "./shop-settings.port.ts";
import type { AnnouncementSettings, ShopSettings, ShopSettingsSection } from "./shop-settings.ts";

export interface SaveShopSettingsDeps {
  store: ShopSettingsStore;
  discountCodes: DiscountCodeLookup;
  clock: Clock;
}

/**
 * The Settings tab saves one section. A sale must end after it starts and not be over already (a
 * countdown to a past moment is no sale), the discount code it names must exist (its percentage counts
 * in the banner's "up to N% off"), and a sale percentage must name the games or products it lowers.
 */
export async function saveShopSettings<S extends ShopSettingsSection>(
  section: S,
  value: ShopSettings[S],
  staffId: string,
  deps: SaveShopSettingsDeps,
): Promise<void> {
  const now = deps.clock.now();
  if (section === "announcement") await checkSale(value as AnnouncementSettings, now, deps.discountCodes);
  await deps.store.save(section, value, staffId, now);
}

async function checkSale({ sale }: AnnouncementSettings, now: Date, discountCodes: DiscountCodeLookup): Promise<void> {
  if (!sale) return;
  const starts = Date.parse(sale.startsAt);
  const ends = Date.parse(sale.endsAt);
  if (!(ends > starts)) throw saleEndsBeforeStart();
  if (ends <= now.getTime()) throw saleAlreadyOver();
  // A percentage on nothing would still say "up to N% off": it needs what it applies to.
  if (sale.percentOff && (sale.gameIds ?? []).length + (sale.productIds ?? []).length === 0) throw salePercentWithoutItems();
  if (sale.discountCode !== null && !(await discountCodes.exists(sale.discountCode))) throw saleCodeNotFound();
}
