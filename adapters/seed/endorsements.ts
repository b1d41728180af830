import type { EndorsementsSettings } from "#domain/shop-facts/shop-settings.ts";

/**
 * The demo store's "Recommended by" strip (issue 47): creators that do not exist, marked as such,
 * with links on example.com (a domain reserved for examples), so the demo looks alive without
 * naming a real person who never recommended the shop. A production store starts with none.
 */
export const DEMO_ENDORSEMENTS: EndorsementsSettings = {
  creators: [
    { name: "Pixel Pete (demo creator)", sourceUrl: "https://example.com/demo-creators/pixel-pete" },
    { name: "Captain Blox (demo creator)", sourceUrl: "https://example.com/demo-creators/captain-blox" },
    { name: "Luna Builds (demo creator)", sourceUrl: "https://example.com/demo-creators/luna-builds" },
  ],
};
