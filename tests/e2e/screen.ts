import { expect, type Locator, type Page } from "@playwright/test";

/** The page is no wider than the screen: nothing makes a phone scroll sideways. */
export async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** Scrolled into view, the element's centre is the element itself, not a floating chat or help button. */
export async function notCovered(locator: Locator): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  expect(
    await locator.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top !== null && (el === top || el.contains(top));
    }),
  ).toBe(true);
}
