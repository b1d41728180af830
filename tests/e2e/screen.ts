import { expect, type Locator, type Page } from "@playwright/test";

/** The page is no wider than the screen: nothing makes a phone scroll sideways. */
export async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/**
 * Scrolled to the middle of the screen (as far as the page lets it: the end of a page stays above
 * the dock), the element's centre is the element itself, not a floating chat or help button. Not
 * "if needed": an element already on screen may sit under the bottom bar that any fixed bar covers.
 */
export async function notCovered(locator: Locator): Promise<void> {
  await locator.evaluate((el) => el.scrollIntoView({ block: "center" }));
  expect(
    await locator.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top !== null && (el === top || el.contains(top));
    }),
  ).toBe(true);
}
