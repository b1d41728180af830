import { test as base } from "@playwright/test";

/**
 * The promo dialog opens on every page for a first-time visitor and would cover what other journeys
 * click. This `test` starts each page as a visitor who has already seen it; the promo's own tests
 * use Playwright's plain `test`.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    await page.addInitScript(() => window.localStorage.setItem("hasSeenPromo", "true"));
    await use(page);
  },
});

export { expect } from "@playwright/test";
