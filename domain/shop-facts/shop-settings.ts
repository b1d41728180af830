/**
 * What the owner tells shoppers in their own words (issue 36): the announcement and a scheduled
 * sale, the support hours, shop-wide figures with the link they come from, and the creators who
 * recommended the shop with where they said it (issue 47). Each section is one
 * document the Settings tab saves whole; a section never saved is "not set", and the storefront then
 * shows nothing rather than an invented figure.
 */

/** A sale the owner scheduled: shown from `startsAt` until `endsAt` (ISO instants), then gone. */
export interface ScheduledSale {
  text: string;
  startsAt: string;
  endsAt: string;
  /** An existing discount code the sale is about; a percentage code counts in the banner's "up to N% off". */
  discountCode: string | null;
  /**
   * A percentage (1 to 90) off the regular price of the chosen games' products and the chosen
   * products while the sale runs, no code needed (sale-price.ts); null: the sale changes no price.
   * Sales saved before this existed have none of the three fields: read as null and no targets.
   */
  percentOff?: number | null;
  gameIds?: string[];
  productIds?: string[];
}

export interface AnnouncementSettings {
  /** Shown without a timer when no sale runs; null: no banner then. */
  text: string | null;
  sale: ScheduledSale | null;
}

export interface SupportHoursSettings {
  /** When someone answers the chat, in the owner's words ("Mon-Fri 9:00-18:00 UTC"); null: not said. */
  hours: string | null;
}

/** A figure the owner states, and where a shopper can check it (a review site, say). */
export interface StatedFigure {
  text: string;
  sourceUrl: string;
}

export interface ShopFiguresSettings {
  /** "Rated 4.6 on Trustpilot", with its page. */
  rating: StatedFigure | null;
  /** "12,000 customers since 2021", with where it is shown. */
  customers: StatedFigure | null;
}

/** A creator who recommended the shop (issue 47), and where they said it (a video, a post). */
export interface Endorsement {
  name: string;
  sourceUrl: string;
}

export interface EndorsementsSettings {
  /**
   * In the order the owner listed them. The home page's "Recommended by" strip and the About page
   * name only these: none entered, no creator named (the shop named real creators it had no word from).
   */
  creators: Endorsement[];
}

/** At most this many endorsements: a strip of them, not a directory. */
export const MAX_ENDORSEMENTS = 12;

/** What an account under 18 may spend a calendar month (UTC), the owner's choice (issue 52). */
export interface MinorsSettings {
  /** The orders' totals of the month, the one being prepared included; null: no limit. */
  monthlyLimitCents: number | null;
}

export interface ShopSettings {
  announcement: AnnouncementSettings;
  support: SupportHoursSettings;
  figures: ShopFiguresSettings;
  endorsements: EndorsementsSettings;
  minors: MinorsSettings;
}

export type ShopSettingsSection = keyof ShopSettings;
export const SHOP_SETTINGS_SECTIONS = ["announcement", "support", "figures", "endorsements", "minors"] as const satisfies readonly ShopSettingsSection[];

/** What each section is before the owner saves it: nothing to say. */
export const UNSET_SHOP_SETTINGS: ShopSettings = {
  announcement: { text: null, sale: null },
  support: { hours: null },
  figures: { rating: null, customers: null },
  endorsements: { creators: [] },
  minors: { monthlyLimitCents: null },
};

/** Whether a sale runs at `now`: from its start (inclusive) to its end (exclusive). */
export function saleRunsAt(sale: Pick<ScheduledSale, "startsAt" | "endsAt">, now: Date): boolean {
  const time = now.getTime();
  return Date.parse(sale.startsAt) <= time && time < Date.parse(sale.endsAt);
}
